import multer from '@koa/multer';
import type { Middleware } from 'koa';
import { MulterError } from 'multer';
import { AppError, badRequest, payloadTooLarge } from '@server/errors';
import { MAX_IMPORT_BYTES, MAX_IMPORT_MB } from '@shared/schemas/import';

/** The uploaded file as multer's memory storage hands it over. */
export interface UploadedFile {
  originalname: string;
  buffer: Buffer;
  size: number;
}

/** The largest file an upload takes and the 413 message past it. */
export interface UploadLimit {
  bytes: number;
  tooLarge: string;
}

const ANNOUNCED_MARGIN = 1024 * 1024;

const IMPORT_LIMIT: UploadLimit = {
  bytes: MAX_IMPORT_BYTES,
  tooLarge: `The file is larger than the ${MAX_IMPORT_MB} MB upload limit`,
};

/**
 * Parses a multipart upload with one file part (held in memory, at most `limit.bytes`, by default
 * MAX_IMPORT_BYTES) and a few small text fields. Runs after the role check, so nobody without the
 * right role can make the server read 50 MB. multer's errors become the API's: 413 for a file over
 * the limit, 400 else.
 */
export function singleFileUpload(field: string, limit: UploadLimit = IMPORT_LIMIT): Middleware {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: limit.bytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
  }).single(field);
  return async (ctx, next) => {
    if (!ctx.is('multipart/form-data')) {
      throw new AppError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `Send the file as multipart/form-data with a '${field}' part`,
      );
    }
    // A body announced as far larger than the file may be is refused before any of it is read (the
    // margin is the multipart framing and the few small fields an upload may carry).
    if (Number(ctx.get('content-length')) > limit.bytes + ANNOUNCED_MARGIN) {
      ctx.set('Connection', 'close');
      throw payloadTooLarge(limit.tooLarge);
    }
    try {
      await parse(ctx, async () => {});
    } catch (err) {
      // The rest of the body was not read: close the connection after answering rather than leave
      // the client pushing the remainder of an oversized upload into a socket nobody reads.
      ctx.set('Connection', 'close');
      if (err instanceof MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') {
          throw payloadTooLarge(limit.tooLarge);
        }
        if (err.code === 'LIMIT_UNEXPECTED_FILE') {
          throw badRequest(`Send one file, in a part named '${field}'`);
        }
        throw badRequest(`The upload could not be read: ${err.message}`);
      }
      if (err instanceof AppError) {
        throw err;
      }
      throw badRequest('The upload could not be read: the multipart body is malformed');
    }
    await next();
  };
}

/** The file multer stored on the context, if any. */
export function uploadedFile(ctx: { file?: unknown; request: unknown }): UploadedFile | undefined {
  return (
    ((ctx.request as { file?: UploadedFile }).file ?? (ctx.file as UploadedFile | undefined)) || undefined
  );
}
