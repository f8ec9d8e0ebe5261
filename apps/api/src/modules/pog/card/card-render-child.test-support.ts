import { serveCardRenders } from './card-render-protocol.ts';

/**
 * A stand-in render child for card-render-pool.test.ts (`filename` of the pool), not used by the
 * product. Its "faces": `exit` ends the process under the task (as a child whose native code or
 * memory failed would), `throw` throws outside any task, `hang` never answers, `pid` answers this
 * process's pid as the PNG's bytes (text), anything else fails the task with an error.
 */
serveCardRenders((face: string) => {
  if (face === 'exit') process.exit(3);
  if (face === 'throw')
    setImmediate(() => {
      throw new Error('the render child died');
    });
  if (face === 'throw' || face === 'hang') return new Promise<never>(() => {});
  if (face === 'pid') return Promise.resolve(new TextEncoder().encode(String(process.pid)));
  return Promise.reject(new Error(`no face ${face}`));
});
