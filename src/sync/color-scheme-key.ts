/** The one web-storage value logout keeps (index.html reads it before first paint too). */
export const COLOR_SCHEME_KEY = 'torque-color-scheme';
