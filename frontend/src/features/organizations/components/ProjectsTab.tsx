import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../auth/session';
import { ConfirmDialog } from '../../../shell/Dialog';
import { Spinner } from '../../../shell/LazyView';
import { LoadError } from '../../../shell/LoadError';
import { messageOf, toast } from '../../../shell/toast';
import { isProjectGone, useOrganizationProjects, useProjectActions } from '../api/projects';
import type { Project } from '../api/types';
import { mayContribute } from '../lib/access';
import { refusedProjectField } from '../lib/fieldRefusals';
import { useAction } from '../lib/useAction';
import { projectPagePath } from '../paths';
import { isProjectKeyRefusal, projectKeyProblem } from '../lib/projectKey';
import { FormDialog, TextField } from '../../../shell/FormDialog';
import { useChangedMeanwhile } from '../../../shell/ChangedMeanwhile';

type Editing = { project: Project | null } | null;

/** The organization's projects; data contributors and group administrators create, edit and delete them. */

/** The longest project name the server takes (chalicelib/projects/service.py NAME_LIMIT). */
const PROJECT_NAME_MAX = 300;

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

  if (projects.error) return <LoadError error={projects.error} title={t('organizations.projects.loadFailed')} onRetry={() => projects.mutate()} />;
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
              {/* Under the tab's h2 (Projects) and the page's h1: a level skipped had confused heading navigation. */}
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
      {editing && <ProjectDialog organizationId={organizationId} project={editing.project} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title={t('organizations.projects.deleteTitle')}
        message={t('organizations.projects.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        busy={busy}
        focusAfter={() => list.current ?? newButton.current}
        onConfirm={() => {
          const project = deleting!;
          let gone = false;
          void run(() => actions.remove(project.id), t('organizations.projects.deleted', { name: project.name }), (error) => {
            // Deleted meanwhile by someone else: as asked, said so (the list, read again, no longer shows it).
            if (!isProjectGone(error)) return false;
            toast.info(t('organizations.projects.goneMeanwhile', { name: project.name }));
            return (gone = true);
          }).then((done) => (done || gone) && setDeleting(null));
        }}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

/**
 * Create a project (its key, which its files and id are made of, defaults to its name) or edit one's name and
 * description. A name another project of the organization has is said at the name, in the server's words; a key
 * another project holds at the field it came from: the key's own, or the name's when no key was given (in the
 * screen's words: the server's speak of a key the person never typed). The dialog closes when the project is
 * saved; a new project's page opens (in a long list the new card was hard to find). A project deleted meanwhile
 * by someone else closes the dialog, saying so. A key the server would refuse (a character that breaks its web
 * address: features/projects/projectKey.ts) is said at the key before sending.
 */
function ProjectDialog({ organizationId, project, onClose }: { organizationId: string; project: Project | null; onClose: () => void }) {
  const { t } = useTranslation();
  const actions = useProjectActions(organizationId);
  const { busy, run } = useAction();
  const navigate = useNavigate();
  // The project as the dialog shows it: as stored now, after someone else changed it meanwhile.
  const [seen, setSeen] = useState(project);
  const meanwhile = useChangedMeanwhile();
  const [name, setName] = useState(project?.name ?? '');
  const [projectKey, setProjectKey] = useState('');
  const [description, setDescription] = useState(project?.description ?? '');
  // Also the server's: a name another project has.
  const [nameError, setNameError] = useState('');
  // The name taken as a key: a key of its own, or another name, puts it right.
  const [nameTaken, setNameTaken] = useState(false);
  const [keyError, setKeyError] = useState('');

  const submit = async () => {
    if (!name.trim()) {
      setNameError(t('organizations.projects.nameRequired'));
      return;
    }
    // As the server counts it (characters, not UTF-16 units): said at the field, before sending.
    if ([...name.trim()].length > PROJECT_NAME_MAX) {
      setNameError(t('organizations.projects.nameTooLong', { max: PROJECT_NAME_MAX }));
      return;
    }
    // The key as the server takes it (features/projects/projectKey.ts): said at the field, before sending.
    const keyProblem = project ? null : projectKeyProblem(projectKey);
    if (keyProblem) {
      setKeyError(t(`organizations.projects.${keyProblem.problem}`, keyProblem));
      return;
    }
    const key = project ? '' : projectKey.trim();
    const fields = { name: name.trim(), description: description.trim() || null, ...(key ? { projectKey: key } : {}) };
    let created: Project | undefined;
    let gone = false;
    const done = await run(
      async () => {
        if (seen) await actions.update(seen, fields);
        else created = await actions.create(fields);
      },
      project ? t('organizations.projects.saved', { name: fields.name }) : t('organizations.projects.created', { name: fields.name }),
      (error) => {
        if (
          seen &&
          meanwhile.take<Project>(error, seen, { name: fields.name, description: fields.description }, (current, theirs) => {
            if ('name' in theirs) setName(theirs.name ?? '');
            if ('description' in theirs) setDescription(theirs.description ?? '');
            setSeen(current);
          })
        )
          return true;
        if (project && isProjectGone(error)) {
          toast.error(t('organizations.projects.goneMeanwhile', { name: project.name }));
          return (gone = true);
        }
        // 400: the key refused (a rule the check above does not know yet), said at the key.
        if (key && isProjectKeyRefusal(error)) {
          setKeyError(messageOf(error));
          return true;
        }
        // 409: the name is taken, or the key (a new project's; an edit keeps its key).
        const refused = refusedProjectField(error, !!key);
        const field = project && refused !== 'name' ? null : refused;
        if (field === 'name') setNameError(messageOf(error));
        else if (field === 'nameAsKey') setNameTaken(true);
        else if (field === 'key') setKeyError(messageOf(error));
        return field !== null;
      },
    );
    if (gone) onClose();
    if (!done) return;
    onClose();
    if (created?.id) void navigate(projectPagePath(organizationId, created.id));
  };

  return (
    <FormDialog
      title={project ? t('organizations.projects.editTitle') : t('organizations.projects.newTitle')}
      submitLabel={project ? t('common.save') : t('common.create')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {(formId) => (
        <>
          {meanwhile.notice}
          <TextField id={`${formId}-name`} label={t('organizations.projects.name')} value={name} required error={nameError || (nameTaken ? t('organizations.projects.nameTaken') : '')} hint={meanwhile.hint('name')} onChange={(v) => {
            setName(v);
            setNameError('');
            setNameTaken(false);
          }} />
          {!project && (
            <TextField id={`${formId}-key`} label={t('organizations.projects.key')} value={projectKey} error={keyError} onChange={(v) => {
              setProjectKey(v);
              setKeyError('');
              setNameTaken(false);
            }} />
          )}
          <TextField id={`${formId}-description`} label={t('organizations.projects.description')} value={description} multiline hint={meanwhile.hint('description')} onChange={setDescription} />
        </>
      )}
    </FormDialog>
  );
}
