/**
 * A value made on first use. For Intl formatters and rules: building one loads locale data,
 * tens of milliseconds on a slow phone, and the app's start evaluates the modules that hold
 * them long before it shows a date or a count.
 */
export function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
