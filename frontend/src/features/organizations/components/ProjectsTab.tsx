import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../auth/session';
import { ConfirmDialog } from '../../../shell/Dialog';
import { Spinner } from '../../../shell/LazyView';
import { messageOf } from '../../../shell/toast';
import { useOrganizationProjects, useProjectActions } from '../api/projects';
import type { Project } from '../api/types';
import { mayContribute } from '../lib/access';
import { useAction } from '../lib/useAction';
import { projectPagePath } from '../paths';
import { FormDialog, TextField } from '../../../shell/FormDialog';

type Editing = { project: Project | null } | null;

/** The organization's projects; data contributors and group administrators create, edit and delete them. */
export function ProjectsTab({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const canEdit = mayContribute(profile, organizationId);
  const projects = useOrganizationProjects(organizationId);
  const actions = useProjectActions(organizationId);
  const { busy, run } = useAction();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  // After a deletion the project's buttons are gone: focus goes to the list, or to "New project" when it is empty.
  const list = useRef<HTMLUListElement>(null);
  const newButton = useRef<HTMLButtonElement>(null);

  if (projects.error) return <p className="alert alert-error" role="alert">{messageOf(projects.error)}</p>;
  if (!projects.data) return <Spinner />;

  return (
    <div>
      {canEdit && (
        <p>
          <button ref={newButton} type="button" className="button button-primary" onClick={() => setEditing({ project: null })}>
            {t('organizations.projects.new')}
          </button>
        </p>
      )}
      {projects.data.length === 0 ? (
        <p>{t('organizations.projects.empty')}</p>
      ) : (
        <ul ref={list} className="ws-cards" aria-label={t('organizations.projects.title')} tabIndex={-1}>
          {projects.data.map((project) => (
            <li key={project.id} className="ws-card">
              <h3>
                <Link to={projectPagePath(organizationId, project.id)}>{project.name}</Link>
              </h3>
              {project.description && <p className="muted">{project.description}</p>}
              {canEdit && (
                <div className="ws-actions">
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={t('organizations.projects.editAction', { name: project.name })}
                    onClick={() => setEditing({ project })}
                  >
                    {t('common.edit')}
                  </button>
                  <button
                    type="button"
                    className="button button-small button-danger"
                    aria-label={t('organizations.projects.deleteAction', { name: project.name })}
                    onClick={() => setDeleting(project)}
                  >
                    {t('common.delete')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <ProjectDialog
          project={editing.project}
          busy={busy}
          onClose={() => setEditing(null)}
          onSave={async (fields) => {
            const saved = await run(
              () => (editing.project ? actions.update(editing.project.id, fields) : actions.create(fields)),
              editing.project ? t('organizations.projects.saved', { name: fields.name }) : t('organizations.projects.created', { name: fields.name }),
            );
            if (saved) setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        title={t('organizations.projects.deleteTitle')}
        message={t('organizations.projects.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        busy={busy}
        focusAfter={() => list.current ?? newButton.current}
        onConfirm={() =>
          void run(() => actions.remove(deleting!.id), t('organizations.projects.deleted', { name: deleting?.name ?? '' })).then(
            (done) => done && setDeleting(null),
          )
        }
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

function ProjectDialog({
  project,
  busy,
  onSave,
  onClose,
}: {
  project: Project | null;
  busy: boolean;
  onSave: (fields: { name: string; description: string | null; projectKey?: string }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(project?.name ?? '');
  const [projectKey, setProjectKey] = useState('');
  const [description, setDescription] = useState(project?.description ?? '');
  const [nameError, setNameError] = useState('');
  return (
    <FormDialog
      title={project ? t('organizations.projects.editTitle') : t('organizations.projects.newTitle')}
      submitLabel={project ? t('common.save') : t('common.create')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => {
        if (!name.trim()) {
          setNameError(t('organizations.projects.nameRequired'));
          return;
        }
        onSave({ name: name.trim(), description: description.trim() || null, ...(project || !projectKey.trim() ? {} : { projectKey: projectKey.trim() }) });
      }}
    >
      {(formId) => (
        <>
          <TextField id={`${formId}-name`} label={t('organizations.projects.name')} value={name} required error={nameError} onChange={(v) => {
            setName(v);
            setNameError('');
          }} />
          {!project && <TextField id={`${formId}-key`} label={t('organizations.projects.key')} value={projectKey} onChange={setProjectKey} />}
          <TextField id={`${formId}-description`} label={t('organizations.projects.description')} value={description} multiline onChange={setDescription} />
        </>
      )}
    </FormDialog>
  );
}
