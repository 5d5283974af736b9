import { startMailServer } from "./mail-server.ts";

export default async function globalSetup() {
  return startMailServer();
}
