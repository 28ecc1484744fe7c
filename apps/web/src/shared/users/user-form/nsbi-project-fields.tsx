import { SimpleGrid, Switch } from '@mantine/core';
import type { userFormSchema } from '@portal/contract';
import type { SchemaForm } from '../../forms/use-schema-form';
import { LazySelect } from '../../ui/lazy-select';
import { useBiProjects } from '../api/get-bi-projects';

type NsbiProjectFieldsProps = { form: SchemaForm<ReturnType<typeof userFormSchema>> };

export const NO_BI_PROJECTS_HINT = 'No BI projects are available yet.';

/**
 * 'Uses NSBI' and the BI project (docs/product.md §4: turning NSBI off clears the project and disables the
 * field). Options come from the BI server only; without them the field stays disabled.
 */
export function NsbiProjectFields({ form }: NsbiProjectFieldsProps) {
  const { uses_nsbi: usesNsbi, project_id: projectId } = form.values;
  const projects = useBiProjects();

  const options = (projects.data ?? []).map((p) => ({ value: p.projectId, label: p.name }));
  // The user's current assignment stays visible even when the list lacks it (or could not load).
  if (projectId && !options.some((o) => o.value === projectId))
    options.push({ value: projectId, label: projectId });
  const unavailable = !projects.isPending && (projects.isError || (projects.data ?? []).length === 0);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Switch
        label="Uses NSBI"
        mt={{ sm: 36 }}
        {...form.getInputProps('uses_nsbi', { type: 'checkbox' })}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          form.setFieldValue('uses_nsbi', on);
          if (!on) form.setFieldValue('project_id', null);
        }}
      />
      <LazySelect
        label="Project"
        placeholder={unavailable ? 'No projects' : 'Select a project'}
        data={options}
        {...form.getInputProps('project_id')}
        clearable
        searchable
        size="md"
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        disabled={!usesNsbi || unavailable}
        description={unavailable ? NO_BI_PROJECTS_HINT : undefined}
      />
    </SimpleGrid>
  );
}
