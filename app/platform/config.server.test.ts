import { expect, test } from "vitest";
import { ConfigError, readConfig } from "./config.server.ts";

test("defaults when nothing is set", () => {
  const config = readConfig({});
  expect(config).toMatchObject({
    PORT: 3000,
    HOST: "127.0.0.1",
    NODE_ENV: "development",
    SEED_ON_START: true,
    QUIZ_DAILY_POINTS_CAP: 300,
  });
  expect(config.DATABASE_URL).toBeUndefined();
  expect(config.dataDir).toMatch(/\.data$/);
  expect(config.MAIL_POSTAL_ADDRESS).toBe("Nearby, 123 Example Street, Toronto ON M5V 0A1");
});

test("MAIL_POSTAL_ADDRESS is the sender's postal address, trimmed", () => {
  expect(
    readConfig({
      MAIL_POSTAL_ADDRESS: " Nearby Inc., 1 Rue Sainte-Catherine, Montréal QC H2X 1Z4 ",
    }).MAIL_POSTAL_ADDRESS,
  ).toBe("Nearby Inc., 1 Rue Sainte-Catherine, Montréal QC H2X 1Z4");
});

test("INTERAC_EMAIL is where buyers send e-Transfers: an e-mail address, payments@nearby.example unless set", () => {
  expect(readConfig({}).INTERAC_EMAIL).toBe("payments@nearby.example");
  expect(readConfig({ INTERAC_EMAIL: "pay@shop.example" }).INTERAC_EMAIL).toBe("pay@shop.example");
  expect(() => readConfig({ INTERAC_EMAIL: "not an address" })).toThrow(/INTERAC_EMAIL/);
});

test("the quiz's daily cap of points is a setting", () => {
  expect(readConfig({ QUIZ_DAILY_POINTS_CAP: "120" }).QUIZ_DAILY_POINTS_CAP).toBe(120);
});

test("schedules: on, daily job alerts at 07:00 in Toronto, sweeps hourly, unless set", () => {
  expect(readConfig({})).toMatchObject({
    SCHEDULES: true,
    SCHEDULE_TIMEZONE: "America/Toronto",
    JOB_ALERTS_AT: "07:00",
    SWEEP_EVERY_MINUTES: 60,
  });
  expect(
    readConfig({
      SCHEDULES: "false",
      SCHEDULE_TIMEZONE: "America/Vancouver",
      JOB_ALERTS_AT: "18:30",
      SWEEP_EVERY_MINUTES: "15",
    }),
  ).toMatchObject({
    SCHEDULES: false,
    SCHEDULE_TIMEZONE: "America/Vancouver",
    JOB_ALERTS_AT: "18:30",
    SWEEP_EVERY_MINUTES: 15,
  });
});

test.each([
  [{ SCHEDULES: "off" }, "SCHEDULES"],
  [{ SCHEDULE_TIMEZONE: "America/Torronto" }, "SCHEDULE_TIMEZONE"],
  [{ JOB_ALERTS_AT: "7am" }, "JOB_ALERTS_AT"],
  [{ JOB_ALERTS_AT: "24:00" }, "JOB_ALERTS_AT"],
  [{ SWEEP_EVERY_MINUTES: "7" }, "SWEEP_EVERY_MINUTES"],
  [{ SWEEP_EVERY_MINUTES: "0" }, "SWEEP_EVERY_MINUTES"],
  [{ PORT: "eighty" }, "PORT"],
  [{ PORT: "70000" }, "PORT"],
  [{ DATABASE_URL: "mysql://localhost/app" }, "DATABASE_URL"],
  [{ NODE_ENV: "staging" }, "NODE_ENV"],
  [{ SEED_ON_START: "yes" }, "SEED_ON_START"],
  [{ MAX_BODY_BYTES: "10" }, "MAX_BODY_BYTES"],
  [{ MAIL_POSTAL_ADDRESS: " " }, "MAIL_POSTAL_ADDRESS"],
  [{ QUIZ_DAILY_POINTS_CAP: "-1" }, "QUIZ_DAILY_POINTS_CAP"],
  [{ QUIZ_DAILY_POINTS_CAP: "lots" }, "QUIZ_DAILY_POINTS_CAP"],
])("%j stops start-up with a message naming %s", (env, name) => {
  expect(() => readConfig(env)).toThrow(ConfigError);
  expect(() => readConfig(env)).toThrow(new RegExp(`${name}: .*got`));
});

test("METRICS_TOKEN: unset by default (no /metrics), at least 16 characters when set", () => {
  expect(readConfig({}).METRICS_TOKEN).toBeUndefined();
  expect(readConfig({ METRICS_TOKEN: "a-long-enough-token" }).METRICS_TOKEN).toBe(
    "a-long-enough-token",
  );
  expect(() => readConfig({ METRICS_TOKEN: "short" })).toThrow(ConfigError);
});

test("uploads stay on this host unless S3_BUCKET names a bucket, with its region and keys", () => {
  expect(readConfig({}).s3).toBeUndefined();
  expect(
    readConfig({
      S3_BUCKET: "nearby-uploads",
      S3_REGION: "ca-central-1",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
    }).s3,
  ).toEqual({
    bucket: "nearby-uploads",
    region: "ca-central-1",
    endpoint: "http://127.0.0.1:9000",
    credentials: { accessKeyId: "key", secretAccessKey: "secret" },
    forcePathStyle: true,
  });
  // Without keys the SDK finds its own (an instance role).
  expect(readConfig({ S3_BUCKET: "nearby-uploads", S3_REGION: "ca-central-1" }).s3).toEqual({
    bucket: "nearby-uploads",
    region: "ca-central-1",
    endpoint: undefined,
    credentials: undefined,
    forcePathStyle: false,
  });
});

test.each([
  [{ S3_REGION: "ca-central-1" }, /S3_BUCKET: required with S3_REGION/],
  [{ S3_BUCKET: "nearby-uploads" }, /S3_REGION: required with S3_BUCKET/],
  [{ S3_BUCKET: "Nearby_Uploads", S3_REGION: "ca-central-1" }, /S3_BUCKET: must be a bucket name/],
  [
    { S3_BUCKET: "nearby-uploads", S3_REGION: "ca-central-1", S3_ENDPOINT: "minio:9000" },
    /S3_ENDPOINT/,
  ],
  [
    { S3_BUCKET: "nearby-uploads", S3_REGION: "ca-central-1", S3_ACCESS_KEY_ID: "key" },
    /S3_SECRET_ACCESS_KEY: give both/,
  ],
  [
    { S3_BUCKET: "nearby-uploads", S3_REGION: "ca-central-1", S3_SECRET_ACCESS_KEY: "secret" },
    /S3_ACCESS_KEY_ID: give both/,
  ],
  [
    { S3_BUCKET: "nearby-uploads", S3_REGION: "ca-central-1", S3_FORCE_PATH_STYLE: "yes" },
    /S3_FORCE_PATH_STYLE/,
  ],
])("a wrong or partial bucket setting stops the server naming it: %o", (env, message) => {
  expect(() => readConfig(env)).toThrow(ConfigError);
  expect(() => readConfig(env)).toThrow(message);
});
