import nodemailer from "nodemailer";
import type { Database } from "../db/client.server.ts";
import { outboxEmail } from "../db/schema/platform.ts";

export type Email = { to: string; subject: string; text: string; html: string };

export type Mailer = { send: (email: Email) => Promise<void> };

/**
 * Sends through SMTP_URL when it is set. Without it, every message goes to the development outbox:
 * kept in the database (readable at /dev/outbox in development) and printed to the log.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Database;
  log?: (line: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (email) => {
        await transport.sendMail({ from: options.from, ...email });
      },
    };
  }
  return {
    send: async (email) => {
      await options.db.insert(outboxEmail).values(email);
      options.log?.(`[outbox] to ${email.to}: ${email.subject}\n${email.text}`);
    },
  };
}
