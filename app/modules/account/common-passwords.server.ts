// The most common passwords, refused at registration and reset (NIST SP 800-63B 5.1.1.2: check
// new passwords against lists of breached and commonly used ones). The list is zxcvbn-ts's ranked
// list of ~49 000 leaked passwords; only those of 8 characters or more matter, since shorter
// ones are refused anyway. It is loaded on first use, not at start.
let common: Promise<Set<string>> | undefined;

function load(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => {
    const list = dictionary["passwords-common"] as string[];
    return new Set(list.filter((password) => password.length >= 8));
  });
  return common;
}

/** Whether a password is on the list (case-insensitive: "Password1" is as weak as "password1"). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await load()).has(password.toLowerCase());
}
