import { z } from 'zod';
import { Button } from '../button/button.tsx';
import { FormRootError } from '../form/form-error-banner.tsx';
import { Form } from '../form/form.tsx';
import { emptyStringsToNull } from '../form/form.utils.ts';
import { TextField } from '../form/text-field.tsx';
import { useZodForm } from '../form/use-zod-form.ts';
import { toast } from '../toast/toast.ts';
import { GallerySection } from './gallery-section.tsx';

const SAVE_DEMO_MS = 800;

const sourceSchema = z.object({
  name: z.string().min(1, 'Enter a name'),
  bucket: z.string().min(3, 'A bucket name has at least 3 characters'),
  prefix: z.string(),
  secretKey: z.string().min(1, 'Enter the secret access key'),
});

export function FormDemo() {
  const form = useZodForm(sourceSchema, {
    defaultValues: { name: '', bucket: '', prefix: '', secretKey: '' },
  });
  return (
    <GallerySection
      title="Form"
      note="Submit it empty: the first invalid field gets focus. Empty optional fields are sent as null."
    >
      <Form
        form={form}
        className="flex max-w-md flex-col gap-4"
        onSubmit={async (values) => {
          await new Promise((resolve) => setTimeout(resolve, SAVE_DEMO_MS));
          toast.success(`Would send ${JSON.stringify(emptyStringsToNull(values))}`);
          form.setError('root', {
            message: 'This is a demo: nothing was saved (a form-level error looks like this).',
          });
        }}
        onInvalid={() => toast.warning('Please fix the highlighted fields')}
      >
        <FormRootError title="Not saved" />
        <TextField name="name" label="Source name" required />
        <TextField
          name="bucket"
          label="Bucket"
          required
          description="The S3 bucket holding your images."
        />
        <TextField name="prefix" label="Path prefix" placeholder="images/" />
        <TextField name="secretKey" label="Secret access key" required secret />
        <div>
          <Button color="orange" working={form.formState.isSubmitting}>
            Save source
          </Button>
        </div>
      </Form>
    </GallerySection>
  );
}
