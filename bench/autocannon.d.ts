// autocannon ships no types; load-generator.ts uses its promise API and reads the result fields it names.
declare module 'autocannon' {
  const autocannon: (options: Record<string, unknown>) => Promise<unknown>;
  export default autocannon;
}
