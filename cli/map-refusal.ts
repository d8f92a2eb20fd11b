import { AppError } from '@server/errors';
import { isRequiredFieldsText } from '@shared/import-words';

const MAPPING = /^columnMappings\.([A-Za-z][A-Za-z0-9]*)$/;

/**
 * An import's refusal of its mapping, as `--map` answers it: an unknown field is followed by the
 * fields `--map` takes, and an unmapped required field by the `--map field=COLUMN` that maps it.
 * The details' paths stay the API's (parseFlags' flag names turn `columnMappings.expended` into
 * `--map expended`); any other error is returned as it came.
 */
export function forTheMapFlag(err: unknown, fields: readonly string[]): unknown {
  if (!(err instanceof AppError) || err.code !== 'VALIDATION_FAILED') {
    return err;
  }
  const details = err.details as { path?: unknown; message?: unknown }[];
  const mapped = details.map((d) => (typeof d.path === 'string' ? MAPPING.exec(d.path)?.[1] : undefined));
  if (!mapped.some(Boolean)) {
    return err;
  }
  if (isRequiredFieldsText(err.message)) {
    const flags = mapped.filter(Boolean).map((f) => `--map ${f}=COLUMN`);
    return new AppError(err.status, err.code, `${err.message} (${flags.join(', ')})`, err.details);
  }
  const apiText = (d: (typeof details)[number]) =>
    typeof d.path === 'string' && d.path ? `${d.path}: ${String(d.message)}` : String(d.message);
  if (err.message !== details.map(apiText).join('; ')) {
    return err;
  }
  const reworded = details.map((d, i) =>
    mapped[i] && !fields.includes(mapped[i])
      ? { ...d, message: `${String(d.message)}; --map takes ${fields.join(', ')}` }
      : d,
  );
  return new AppError(err.status, err.code, reworded.map(apiText).join('; '), reworded);
}
