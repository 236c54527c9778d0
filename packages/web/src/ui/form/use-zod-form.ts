import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

export type ZodFormOptions<TInput extends FieldValues, TOutput> = Omit<
  UseFormProps<TInput, unknown, TOutput>,
  'resolver' | 'shouldFocusError'
>;

/**
 * A react-hook-form form validated by a zod schema (the same schema the server checks). When
 * a submit fails, the first invalid field gets focus (editor spec section 5).
 */
export function useZodForm<TInput extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TInput>,
  options?: ZodFormOptions<TInput, TOutput>,
) {
  return useForm<TInput, unknown, TOutput>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema),
    shouldFocusError: true,
  });
}
