import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose code (the schema library and the contract) is fetched when it is first
 * needed, or earlier with `preload()` (e.g. when the user starts typing). For the login page: the
 * schema library then stays out of the script it loads before it can be used (150 KB budget), and
 * the check still runs before anything is sent. Should the code not arrive, the form is sent
 * unchecked and the server's own check answers (with field errors).
 */
export function lazyResolver<Values extends FieldValues, Context = unknown, Output = Values>(
  load: () => Promise<Resolver<Values, Context, Output>>,
): { resolver: Resolver<Values, Context, Output>; preload: () => void } {
  let loading: Promise<Resolver<Values, Context, Output> | null> | undefined;
  const get = () => {
    loading ??= load().catch(() => {
      loading = undefined;
      return null;
    });
    return loading;
  };
  const resolver: Resolver<Values, Context, Output> = async (values, context, options) => {
    const loaded = await get();
    if (loaded) return loaded(values, context, options);
    return { values: values as unknown as Output, errors: {} };
  };
  return { resolver, preload: () => void get() };
}
