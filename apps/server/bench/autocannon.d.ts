// autocannon ships no types; the bench uses a few of its options and result fields.
declare module 'autocannon' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Any = any;
  namespace autocannon {
    type Options = Record<string, Any>;
  }
  function autocannon(options: autocannon.Options): Promise<Any> & { on: (event: string, fn: Any) => void };
  export default autocannon;
}
