/** True when this URL carries an authorization response (the provider sent the user back). */
export function hasAuthResponse(location: { search: string; hash: string }): boolean {
  const params = `${location.search}&${location.hash.replace(/^#/, '')}`;
  return /(^|[?&])state=/.test(params) && /(^|[?&])(code|error)=/.test(params);
}
