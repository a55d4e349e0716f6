import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form form checked by a zod schema: the fields hold what the schema takes in, the submit
 * handler gets what it gives out. The form's `errors` and `isSubmitting` come beside its methods.
 */
export function useZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  defaultValues: DefaultValues<z.input<TSchema>>,
) {
  const form = useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    resolver: zodResolver(schema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  return { ...form, errors, isSubmitting };
}
