import { useState } from 'react';
import {
  createPublicLinkBody,
  PUBLIC_LINK_TYPES,
  type PublicLinkType,
} from '@shared/schemas/public-dashboard';
import { errorMessage } from '@web/api/client';
import {
  publicDashboardApi,
  usePublicDashboardMutation,
  usePublicLinks,
  type PublicLink,
} from '@web/api/public-dashboard';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button, RowAction } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Select } from '@web/components/select';

const EMPTY = { title: '', description: '', url: '', linkType: 'website' as PublicLinkType };
const TYPE_LABEL: Record<PublicLinkType, string> = {
  website: 'Website',
  document: 'Document',
  video: 'Video',
};
const TYPE_OPTIONS = PUBLIC_LINK_TYPES.map((t) => ({ value: t, label: TYPE_LABEL[t] }));

/** Custom links residents see under 'Learn More': add, edit (Add becomes Update), show/hide, delete. */
export function LinksPanel({ configId }: { configId: number }) {
  const links = usePublicLinks(configId);
  const form = useSchemaForm(createPublicLinkBody, EMPTY);
  const [editing, setEditing] = useState<PublicLink | null>(null);
  const [deleting, setDeleting] = useState<PublicLink | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const save = usePublicDashboardMutation((body: typeof EMPTY) =>
    editing
      ? publicDashboardApi.updateLink(editing.id, { ...body, description: body.description || null })
      : publicDashboardApi.createLink(configId, body),
  );
  const patch = usePublicDashboardMutation((a: { id: number; isActive: boolean }) =>
    publicDashboardApi.updateLink(a.id, { isActive: a.isActive }),
  );
  const remove = usePublicDashboardMutation((id: number) => publicDashboardApi.deleteLink(id));

  const submit = () => {
    if (!form.validate()) {
      return;
    }
    save.mutate(form.values, {
      onSuccess: () => {
        setEditing(null);
        form.reset(EMPTY);
      },
      onError: (err) => form.applyServerError(err, 'Failed to save link'),
    });
  };

  const startEdit = (link: PublicLink) => {
    setEditing(link);
    form.reset({
      title: link.title,
      description: link.description ?? '',
      url: link.url,
      linkType: link.linkType,
    });
  };

  return (
    <section className="card pdc-section" aria-labelledby="pdc-links-title">
      <h2 id="pdc-links-title" className="pdc-section__title">
        Custom Links
      </h2>
      <p className="muted pdc-hint">
        Links added, edited, hidden or deleted reach residents at the next Publish.
      </p>
      <form
        className="pdc-form-grid"
        aria-label={editing ? 'Edit link' : 'Add link'}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field id="pdc-link-title" label="Title" required {...form.bind('title')} />
        <Field id="pdc-link-type" label="Link type" error={form.errors.linkType}>
          {(control) => (
            <Select
              {...control}
              value={form.values.linkType}
              onValueChange={(v) => form.setValue('linkType', v as PublicLinkType)}
              options={TYPE_OPTIONS}
            />
          )}
        </Field>
        <Field
          id="pdc-link-url"
          label={form.values.linkType === 'video' ? 'YouTube URL or video ID' : 'URL'}
          required
          full
          hint={
            form.values.linkType === 'video'
              ? 'A youtube.com/watch, youtu.be or embed address, or the 11-character video ID.'
              : 'An https:// address.'
          }
          {...form.bind('url')}
        />
        <Field id="pdc-link-description" label="Description" full {...form.bind('description')} />
        {form.formError ? (
          <div className="field--full">
            <Alert>{form.formError}</Alert>
          </div>
        ) : null}
        <div className="form-actions field--full">
          {editing ? (
            <Button
              onClick={() => {
                setEditing(null);
                form.reset(EMPTY);
              }}
            >
              Cancel
            </Button>
          ) : null}
          <Button type="submit" variant="primary" busy={save.isPending} busyLabel="Saving...">
            {editing ? 'Update Link' : 'Add Link'}
          </Button>
        </div>
      </form>
      {listError ? <Alert>{listError}</Alert> : null}
      {links.data?.links.length ? (
        <ul className="pdc-link-list" aria-label="Links">
          {links.data.links.map((link) => (
            <li key={link.id} className={`pdc-link${link.isActive ? '' : ' pdc-link--hidden'}`}>
              <div className="pdc-link__text">
                <span className="badge">{TYPE_LABEL[link.linkType]}</span> <strong>{link.title}</strong>
                {link.isActive ? null : <span className="badge badge--neutral">Hidden</span>}
                <span className="pdc-link__url muted">{link.url}</span>
              </div>
              <div className="pdc-link__actions">
                <RowAction action="Edit" name={link.title} onClick={() => startEdit(link)} />
                <Button
                  className="btn--small"
                  aria-label={`${link.isActive ? 'Hide' : 'Show'} ${link.title}`}
                  onClick={() =>
                    patch.mutate(
                      { id: link.id, isActive: !link.isActive },
                      { onError: (err) => setListError(errorMessage(err, 'Failed to update link')) },
                    )
                  }
                >
                  {link.isActive ? 'Hide' : 'Show'}
                </Button>
                <RowAction
                  action="Delete"
                  name={link.title}
                  variant="danger"
                  onClick={() => setDeleting(link)}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No links yet.</p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete link"
        message={`Delete '${deleting?.title ?? ''}'? Residents stop seeing it at once.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (err) => {
              setDeleting(null);
              setListError(errorMessage(err, 'Failed to delete link'));
            },
          })
        }
      />
    </section>
  );
}
