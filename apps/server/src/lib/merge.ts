/**
 * What a PUT or PATCH means in this API: the stored values, with the fields the request gives on
 * top; a field left out (undefined) keeps its stored value.
 */
export function mergeOnto<T extends object>(stored: T, given: { [K in keyof T]?: T[K] | undefined }): T {
  const defined = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  return { ...stored, ...defined };
}
