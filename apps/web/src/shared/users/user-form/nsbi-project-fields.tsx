import { Select, SimpleGrid, Switch } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { UserFormValues } from '@portal/contract';
import { useBiProjects } from '../api/get-bi-projects';
import type { UserFormField } from './form-values';

type NsbiProjectFieldsProps = {
  form: UseFormReturn<UserFormValues>;
  shown: (field: UserFormField) => string | undefined;
};

export const NO_BI_PROJECTS_HINT = 'No BI projects are available yet.';

/**
 * 'Uses NSBI' and the BI project (SPEC §4: turning NSBI off clears the project and disables the
 * field). Options come from the BI server only; without them the field stays disabled.
 */
export function NsbiProjectFields({ form, shown }: NsbiProjectFieldsProps) {
  const { control, setValue } = form;
  const usesNsbi = useWatch({ control, name: 'uses_nsbi' });
  const projectId = useWatch({ control, name: 'project_id' });
  const projects = useBiProjects();

  const options = (projects.data ?? []).map((p) => ({ value: p.projectId, label: p.name }));
  // The user's current assignment stays visible even when the list lacks it (or could not load).
  if (projectId && !options.some((o) => o.value === projectId))
    options.push({ value: projectId, label: projectId });
  const unavailable = !projects.isPending && (projects.isError || (projects.data ?? []).length === 0);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Controller
        control={control}
        name="uses_nsbi"
        render={({ field }) => (
          <Switch
            label="Uses NSBI"
            mt={{ sm: 36 }}
            checked={field.value}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              field.onChange(on);
              if (!on) setValue('project_id', null, { shouldDirty: true, shouldValidate: true });
            }}
            onBlur={field.onBlur}
            ref={field.ref}
            name={field.name}
            error={shown('uses_nsbi')}
          />
        )}
      />
      <Controller
        control={control}
        name="project_id"
        render={({ field }) => (
          <Select
            label="Project"
            placeholder={unavailable ? 'No projects' : 'Select a project'}
            data={options}
            value={field.value}
            onChange={(value) => field.onChange(value)}
            onBlur={field.onBlur}
            ref={field.ref}
            name={field.name}
            clearable
            searchable
            size="md"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            disabled={!usesNsbi || unavailable}
            description={unavailable ? NO_BI_PROJECTS_HINT : undefined}
            error={shown('project_id')}
          />
        )}
      />
    </SimpleGrid>
  );
}
