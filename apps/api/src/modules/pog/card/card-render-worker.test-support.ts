/**
 * Stand-in render workers for card-render-pool.test.ts (`filename` of the pool): one whose thread dies
 * under a task, as a worker whose native code or memory failed would. Not used by the product.
 */
export default function dyingWorker(task: { face: string }): Promise<never> {
  if (task.face === 'exit') process.exit(3);
  // An exception no one catches ends the thread with an 'error'.
  setImmediate(() => {
    throw new Error('the worker died');
  });
  return new Promise(() => {});
}
