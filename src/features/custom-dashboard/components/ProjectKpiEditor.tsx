import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { visibleError } from '../../../lib/error-messages';
import { PROJECT_MESSAGES, type Project, type ProjectDateTag } from '../../../shared/contracts/custom-dashboard';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { MultiSelect } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { collectionChoicesQuery, scheduleChoicesQuery } from '../api/choices';
import { deleteProjectMutation, refreshProjects, updateProjectMutation } from '../api/projects';
import { draftOf, hasErrors, kpiErrors, saveRequest, type KpiDraft } from './kpi-form';
import { ProjectDateTags } from './ProjectDateTags';

export const KPI_TEXTS = {
  title: (name: string) => `Manage project ${name}`,
  goal: 'Goal in %',
  collections: 'Collections',
  schedules: 'Schedules',
  collectionsPlaceholder: 'Select collections',
  schedulesPlaceholder: 'Select schedules',
  save: 'Save',
  delete: 'Delete',
} as const;

export interface ProjectKpiEditorProps {
  /** The project as last loaded; the editor keeps its own draft from then on (the parent keys it by project). */
  project: Project;
}

/**
 * The project manage panel, the KPI editor of §2: goal, linked collections and schedules, Save and Delete, and the
 * project dates. §4: the project is saved after a date tag is added, after the linked collections or schedules
 * change, and on Save; an invalid form is marked touched and not saved; a save refreshes the project list.
 */
export function ProjectKpiEditor({ project }: ProjectKpiEditorProps) {
  const queryClient = useQueryClient();
  const collections = useQuery(collectionChoicesQuery());
  const schedules = useQuery(scheduleChoicesQuery());
  const [draft, setDraft] = useState<KpiDraft>(() => draftOf(project));
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const name = project.projectName;
  const errors = kpiErrors(draft);

  const update = useMutation({
    ...updateProjectMutation(),
    onSuccess: async () => {
      toast.success(PROJECT_MESSAGES.saved(name));
      await refreshProjects(queryClient);
    },
    onError: () => toast.error(PROJECT_MESSAGES.saveFailed(name)),
  });
  const remove = useMutation({
    ...deleteProjectMutation(),
    onSuccess: async () => {
      toast.success(PROJECT_MESSAGES.removed(name));
      await refreshProjects(queryClient);
    },
    onError: () => toast.error(PROJECT_MESSAGES.removeFailed(name)),
  });

  const collectionChoices = (collections.data ?? []).map((collection) => ({ id: collection.id, name: collection.testSuiteName }));
  const scheduleChoices = (schedules.data ?? []).map((schedule) => ({ id: schedule.id, name: schedule.name }));

  /** Sets the draft and, for the changes §4 names, saves it. */
  const change = (next: KpiDraft, save: boolean) => {
    setDraft(next);
    if (!save) return;
    if (hasErrors(kpiErrors(next))) {
      setTouched(true);
      return;
    }
    update.mutate({ request: saveRequest(project, next, collectionChoices, scheduleChoices), projectName: name });
  };

  const links = [
    { field: 'collectionIds', label: KPI_TEXTS.collections, placeholder: KPI_TEXTS.collectionsPlaceholder, choices: collectionChoices, error: errors.collections },
    { field: 'scheduleIds', label: KPI_TEXTS.schedules, placeholder: KPI_TEXTS.schedulesPlaceholder, choices: scheduleChoices, error: errors.schedules },
  ] as const;
  const shown = (error: string | null) => visibleError(error, touched) ?? undefined;

  return (
    <form
      className="project-kpi"
      aria-label={KPI_TEXTS.title(name)}
      onSubmit={(event) => {
        event.preventDefault();
        change(draft, true);
      }}
    >
      <div className="project-kpi__fields">
        <TextField
          label={KPI_TEXTS.goal}
          value={draft.goal}
          inputMode="numeric"
          onChange={(goal) => change({ ...draft, goal }, false)}
          onBlur={() => setTouched(true)}
          errorMessage={shown(errors.goal)}
        />
        {links.map((link) => (
          <MultiSelect
            key={link.field}
            label={link.label}
            placeholder={link.placeholder}
            options={link.choices.map(({ id, name: label }) => ({ id, label }))}
            selectedKeys={draft[link.field]}
            onSelectionChange={(ids) => change({ ...draft, [link.field]: ids }, true)}
            errorMessage={shown(link.error)}
          />
        ))}
      </div>
      <ProjectDateTags
        tags={draft.dateTags}
        onAdd={(tag: ProjectDateTag) => change({ ...draft, dateTags: [...draft.dateTags, tag] }, true)}
        onRemove={(index) => change({ ...draft, dateTags: draft.dateTags.filter((_, at) => at !== index) }, false)}
      />
      <div className="project-kpi__actions">
        <Button type="submit" variant="primary" isDisabled={update.isPending}>
          {KPI_TEXTS.save}
        </Button>
        <Button variant="danger" onPress={() => setConfirming(true)} isDisabled={remove.isPending}>
          {KPI_TEXTS.delete}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={confirming}
        message={PROJECT_MESSAGES.removePrompt(name)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate({ projectId: project.projectId, projectName: name });
        }}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
