import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, errorText } from '../../../lib/error-messages';
import { required } from '../../../lib/validators';
import { OVERALL_PROJECT_NAME, PROJECT_MESSAGES, type ProjectListItem } from '../../../shared/contracts/custom-dashboard';
import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { createProjectMutation, refreshProjects } from '../api/projects';

export const PROJECT_SELECTOR_TEXTS = {
  newProject: 'New project name',
  create: 'Create',
  noProjects: 'No projects yet',
} as const;

export interface ProjectSelectorProps {
  label: string;
  projects: readonly ProjectListItem[];
  selectedId: string | null;
  onSelect: (projectId: string) => void;
  /** Offers 'Overall' (the whole organization) first (§4). */
  withOverall?: boolean;
}

/** The project selector of the dashboard sections. */
export function ProjectSelector({ label, projects, selectedId, onSelect, withOverall = false }: ProjectSelectorProps) {
  const options = [
    ...(withOverall ? [{ id: OVERALL_PROJECT_NAME, label: OVERALL_PROJECT_NAME }] : []),
    ...projects.map((project) => ({ id: project.projectId, label: project.projectName })),
  ];
  return (
    <Select
      label={label}
      options={options}
      selectedKey={selectedId}
      placeholder={PROJECT_SELECTOR_TEXTS.noProjects}
      isDisabled={options.length === 0}
      onSelectionChange={(id) => {
        if (id !== null) onSelect(id);
      }}
    />
  );
}

/**
 * Inline Create beside the project selector (§2): a name (required, §5) and Create. A new project is announced with
 * 'Project : {name} Created' (§8) and selected; a refusal is 'Failed to create project : {name}', with the server's
 * reason (a taken name) under the field.
 */
export function ProjectCreateForm({ onCreated }: { onCreated: (project: ProjectListItem) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useMutation({
    ...createProjectMutation(),
    onSuccess: async (project) => {
      toast.success(PROJECT_MESSAGES.created(project.projectName));
      setName('');
      setTouched(false);
      onCreated(project);
      await refreshProjects(queryClient);
    },
    onError: (error, projectName) => {
      toast.error(PROJECT_MESSAGES.createFailed(projectName));
      setServerError(errorText(error));
    },
  });
  const requiredError = required(name);
  const fieldError = touched && requiredError ? errorMessage(requiredError) : serverError;

  const submit = () => {
    setTouched(true);
    if (requiredError || create.isPending) return;
    create.mutate(name.trim());
  };

  return (
    <form
      className="project-create"
      aria-label="Create project"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextField
        label={PROJECT_SELECTOR_TEXTS.newProject}
        value={name}
        onChange={(value) => {
          setName(value);
          setServerError(null);
        }}
        onBlur={() => setTouched(name !== '')}
        isRequired
        // The form shows its own 'Required' once touched; the browser's check would stop the submit silently.
        validationBehavior="aria"
        errorMessage={fieldError ?? undefined}
      />
      <Button type="submit" variant="primary" isDisabled={create.isPending}>
        {PROJECT_SELECTOR_TEXTS.create}
      </Button>
    </form>
  );
}
