// @koa/multer ships no types: the part we use, in multer's own terms.
declare module '@koa/multer' {
  import type { Middleware } from 'koa';
  import type { Options, StorageEngine } from 'multer';

  interface KoaMulter {
    single(fieldName: string): Middleware;
  }

  function multer(options?: Options): KoaMulter;
  namespace multer {
    function memoryStorage(): StorageEngine;
  }
  export default multer;
}
