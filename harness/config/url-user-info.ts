// A URL's user info ("user:password@host") is a credential, and every URL the kit is given is quoted
// back in its output (the console, every report, the replay command). So user info is refused where
// a URL is given, and masked wherever a refused URL is quoted in the message that refuses it. Pure.

// As the WHATWG URL parser reads it: leading spaces and controls skipped, then the scheme, then any
// run of slashes or backslashes ("http:user:pw@host" and "http:\\user:pw@host" both have user info),
// then everything up to the last "@" before the path.
const USER_INFO = /^([\u0000-\u0020]*[A-Za-z][A-Za-z0-9+.-]*:[/\\]*)[^/\\?#]*@/;

// The parser drops tabs and newlines anywhere in a URL, so "ht\ttp://u:pw@h" is a URL with a password.
function withoutTabsAndNewlines(text: string): string {
  return text.replace(/[\t\n\r]/g, '');
}

/** Whether `text` is a URL with user info (a user name, a password, or an empty "@") before its host. */
export function hasUrlUserInfo(text: string): boolean {
  return USER_INFO.test(withoutTabsAndNewlines(text));
}

/** `text` with the user info of a URL replaced by "***", so quoting it back shows no password. */
export function maskUrlUserInfo(text: string): string {
  return hasUrlUserInfo(text) ? withoutTabsAndNewlines(text).replace(USER_INFO, '$1***@') : text;
}
