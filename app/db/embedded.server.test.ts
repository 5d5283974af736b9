import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, expect, test, vi } from "vitest";
import { DataDirectoryInUseError, startEmbeddedDatabase } from "./embedded.server.ts";

const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "embedded-")), "postgres");
fs.chmodSync(path.dirname(dataDir), 0o755);
const lockPath = `${dataDir}.lock`;
const postmasterPid = path.join(dataDir, "postmaster.pid");
const linux = fs.existsSync("/proc/self/stat");

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});
afterAll(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));

function track(child: ChildProcess): ChildProcess {
  children.push(child);
  return child;
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      if (output.includes("\n")) resolve(output.split("\n")[0] as string);
    });
    child.once("exit", (code) => reject(new Error(`exited (${code}) before printing: ${output}`)));
  });
}

/** A process's state letter from /proc (R, S, Z...), or undefined once it is gone. */
function state(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0];
  } catch {
    return undefined;
  }
}

const running = (pid: number) => ![undefined, "Z", "X"].includes(state(pid));

async function startAndStop() {
  const server = await startEmbeddedDatabase(dataDir);
  await server.stop();
}

test("starts a real PostgreSQL, refuses a second server on the same directory, and stops", async () => {
  const first = await startEmbeddedDatabase(dataDir);
  try {
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    const { rows } = await client.query(
      "select current_setting('server_version_num')::int as version",
    );
    await client.end();
    expect(rows[0].version).toBeGreaterThanOrEqual(150000);

    await expect(startEmbeddedDatabase(dataDir)).rejects.toThrow(DataDirectoryInUseError);
    await expect(startEmbeddedDatabase(dataDir)).rejects.toThrow(/already used by process \d+/);
  } finally {
    await first.stop();
  }
  expect(fs.existsSync(lockPath)).toBe(false);

  // The data survives, and a new server may take the directory once the first is gone.
  await startAndStop();
});

test("a lock left by a process that no longer runs is taken over", async () => {
  fs.writeFileSync(lockPath, "999999999");
  await startAndStop();
});

test.skipIf(!linux)(
  "a lock whose pid is a zombie, another program or this process is taken over; a live Node server's is not",
  async () => {
    // sh starts a short sleep, then becomes a long one that never reaps it: a zombie.
    const parent = track(spawn("sh", ["-c", "sleep 0.1 & echo $!; exec sleep 30"]));
    const zombie = Number(await firstLine(parent));
    await vi.waitFor(() => expect(state(zombie)).toBe("Z"), { timeout: 10_000 });

    // A pid recycled by an unrelated program, and a container's restarted server seeing its
    // predecessor's pid again as its own.
    for (const holder of [zombie, parent.pid, process.pid]) {
      fs.writeFileSync(lockPath, String(holder));
      await startAndStop();
    }

    const node = track(
      spawn(process.execPath, ["-e", "console.log(1); setTimeout(() => {}, 30000)"]),
    );
    await firstLine(node);
    fs.writeFileSync(lockPath, String(node.pid));
    await expect(startEmbeddedDatabase(dataDir)).rejects.toThrow(
      `already used by process ${node.pid}`,
    );
    fs.rmSync(lockPath);
  },
);

test.skipIf(!linux)(
  "the PostgreSQL left running by a server killed with SIGKILL is stopped, and its committed data is kept",
  async () => {
    const module = path.resolve(import.meta.dirname, "embedded.server.ts");
    const crashing = track(
      spawn(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `import { startEmbeddedDatabase } from ${JSON.stringify(module)};
           const server = await startEmbeddedDatabase(process.env.EMBEDDED_DATA_DIR);
           console.log(server.url);
           setInterval(() => {}, 1000);`,
        ],
        {
          env: { ...process.env, EMBEDDED_DATA_DIR: dataDir },
          stdio: ["ignore", "pipe", "inherit"],
        },
      ),
    );
    const client = new pg.Client({ connectionString: await firstLine(crashing) });
    await client.connect();
    await client.query("create table if not exists kept (note text)");
    await client.query("insert into kept values ('committed before the crash')");
    await client.end();
    const exited = new Promise((resolve) => crashing.once("exit", resolve));
    crashing.kill("SIGKILL");
    await exited;
    const leftover = Number(fs.readFileSync(postmasterPid, "utf8").split("\n")[0]);
    expect(running(leftover)).toBe(true);

    const server = await startEmbeddedDatabase(dataDir);
    try {
      expect(running(leftover)).toBe(false);
      const fresh = new pg.Client({ connectionString: server.url });
      await fresh.connect();
      const { rows } = await fresh.query("select note from kept");
      await fresh.end();
      expect(rows).toEqual([{ note: "committed before the crash" }]);
    } finally {
      await server.stop();
    }
  },
);

test.skipIf(!linux)(
  "only a PostgreSQL running on this very directory is stopped, and one that will not stop is reported",
  async () => {
    const fakePostgres = (cwd: string, ignoreSigint: boolean) =>
      track(
        spawn(
          "bash",
          ["-c", `${ignoreSigint ? "trap '' INT; " : ""}echo; exec -a postgres sleep 30`],
          { cwd },
        ),
      );
    const writePostmasterPid = (pid: number) =>
      fs.writeFileSync(postmasterPid, `${pid}\n${dataDir}\n0\n5432\n`);
    const execed = (child: ChildProcess) =>
      vi.waitFor(
        () => expect(fs.readFileSync(`/proc/${child.pid}/cmdline`, "utf8")).toMatch(/^postgres\0/),
        { timeout: 10_000 },
      );

    try {
      // A recycled pid that now belongs to a PostgreSQL of another directory is not signalled.
      // Whether PostgreSQL then starts is its own check's answer (it takes over when it may not
      // signal that process, i.e. when we run as root).
      const elsewhere = fakePostgres(os.tmpdir(), false);
      await execed(elsewhere);
      writePostmasterPid(elsewhere.pid as number);
      await startAndStop().catch(() => {});
      expect(running(elsewhere.pid as number)).toBe(true);

      const stubborn = fakePostgres(dataDir, true);
      await execed(stubborn);
      writePostmasterPid(stubborn.pid as number);
      await expect(startEmbeddedDatabase(dataDir, undefined, 500)).rejects.toThrow(
        `The PostgreSQL left running on ${dataDir} (process ${stubborn.pid}) did not stop within 0.5 s`,
      );
      expect(fs.existsSync(lockPath)).toBe(false);
    } finally {
      fs.rmSync(postmasterPid, { force: true });
    }
  },
);
