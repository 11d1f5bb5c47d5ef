/** How the profile card and Settings name the user (product §2 Home, Other screens). */
export function usernameBeforeAt(username: string): string {
  const at = username.indexOf('@');
  return at === -1 ? username : username.slice(0, at);
}

export function displayName(user: {
  contactName: string | null;
  firstName: string;
  lastName: string;
}): string {
  return user.contactName?.trim() || `${user.firstName} ${user.lastName}`.trim();
}
