import { useRef, useState } from 'react';
import {
  LOGO_EXTENSIONS,
  MAX_LOGO_BYTES,
  PUBLIC_DASHBOARD_MESSAGES as M,
} from '@shared/schemas/public-dashboard';
import { errorMessage } from '@web/api/client';
import { publicDashboardApi } from '@web/api/public-dashboard';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';

interface LogoFieldProps {
  value: string;
  error?: string;
  onChange(url: string): void;
}

/** The file's problem before it is sent (at most 5MB; JPEG, JPG, PNG, GIF or SVG). */
export function logoFileProblem(file: { name: string; size: number }): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(LOGO_EXTENSIONS as readonly string[]).includes(ext)) {
    return M.logoType;
  }
  if (file.size > MAX_LOGO_BYTES) {
    return M.logoTooLarge;
  }
  return null;
}

/** The school logo: uploaded (stored by the server, which answers its address) or a web address. */
export function LogoField({ value, error, onChange }: LogoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [broken, setBroken] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) {
      return;
    }
    const problem = logoFileProblem(file);
    if (problem) {
      setUploadError(problem);
      return;
    }
    setBusy(true);
    setUploadError(null);
    try {
      const { url } = await publicDashboardApi.uploadLogo(file);
      setBroken(false);
      onChange(url);
    } catch (err) {
      const reason = errorMessage(err, '');
      setUploadError(reason ? `Failed to upload logo: ${reason}` : 'Upload failed');
    } finally {
      setBusy(false);
      if (input.current) {
        input.current.value = '';
      }
    }
  };

  return (
    <div className="pdc-logo field--full">
      <Field
        id="pdc-logo-url"
        label="School logo URL"
        hint="An https:// address, or upload an image below."
        error={error}
        value={value}
        onChange={(e) => {
          setBroken(false);
          onChange(e.target.value);
        }}
        full
      />
      <div className="field">
        <label htmlFor="pdc-logo-file">Upload a logo</label>
        <input
          ref={input}
          id="pdc-logo-file"
          className="input"
          type="file"
          accept=".jpeg,.jpg,.png,.gif,.svg,image/jpeg,image/png,image/gif,image/svg+xml"
          aria-describedby="pdc-logo-file-note"
          aria-invalid={uploadError ? true : undefined}
          disabled={busy}
          onChange={(e) => void upload(e.target.files?.[0])}
        />
        <span
          id="pdc-logo-file-note"
          className={uploadError ? 'field__error' : 'field__hint'}
          role={uploadError ? 'alert' : undefined}
        >
          {uploadError ?? (busy ? 'Uploading...' : 'JPEG, PNG, GIF or SVG, at most 5MB.')}
        </span>
      </div>
      {value ? (
        <div className="pdc-logo__preview">
          {broken ? (
            <p className="field__error">Failed to load logo image</p>
          ) : (
            <img src={value} alt="School logo preview" onError={() => setBroken(true)} />
          )}
          <Button onClick={() => onChange('')}>Remove logo</Button>
        </div>
      ) : null}
    </div>
  );
}
