// `fields[type]=a,b,deployment.c` (JSON:API sparse fieldsets; imgix-management-js's README:
// "To request a deeply-nested field, use dot notation"): the attributes an answer keeps.
import { apiError } from '../../errors.ts';

type Attributes = Record<string, unknown>;

/**
 * The attributes named by `fields` (top-level names, or `parent.child` for one member of an
 * object attribute); 400 naming the parameter for a field the resource does not have.
 */
export function pickFields<T extends Attributes>(
  attributes: T,
  fields: readonly string[] | null,
  parameter: string,
  /** Attributes a resource may leave out (imgix's secure_url_token when signing is off). */
  optional: readonly string[] = [],
): Partial<T> {
  if (fields === null) return attributes;
  const picked: Attributes = {};
  for (const field of fields) {
    const [top = '', nested] = field.split('.', 2);
    const value = Object.hasOwn(attributes, top) ? attributes[top] : undefined;
    const parent = value !== null && typeof value === 'object' ? (value as Attributes) : null;
    if (
      value === undefined ||
      (nested !== undefined && (parent === null || !Object.hasOwn(parent, nested)))
    ) {
      if (nested === undefined && optional.includes(top)) continue;
      throw apiError(
        'invalid_parameter',
        `${parameter} names ${field}, which is no attribute here.`,
        {
          parameter,
        },
      );
    }
    if (nested === undefined || parent === null) {
      picked[top] = value;
    } else {
      const into = (picked[top] ?? {}) as Attributes;
      into[nested] = parent[nested];
      picked[top] = into;
    }
  }
  return picked as Partial<T>;
}
