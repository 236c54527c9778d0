import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Button } from '../button/button.tsx';
import { Form } from './form.tsx';
import { FormErrorBanner, FormRootError } from './form-error-banner.tsx';
import { emptyStringsToNull } from './form.utils.ts';
import { TextField } from './text-field.tsx';
import { useZodForm } from './use-zod-form.ts';

const schema = z.object({
  name: z.string().min(1, 'Enter a name'),
  email: z.email('Enter a valid email address'),
  company: z.string(),
  token: z.string().min(8, 'The token has at least 8 characters'),
});

function SignUp({
  onSubmit = () => {},
  onInvalid,
}: {
  onSubmit?: (values: unknown) => void;
  onInvalid?: () => void;
}) {
  const form = useZodForm(schema, {
    defaultValues: { name: '', email: '', company: '', token: '' },
  });
  return (
    <Form
      form={form}
      onSubmit={(values) => {
        onSubmit(emptyStringsToNull(values));
        form.setError('root', { message: 'The server is read-only right now.' });
      }}
      onInvalid={onInvalid}
      aria-label="Sign up"
    >
      <FormRootError />
      <TextField name="name" label="Name" required />
      <TextField
        name="email"
        label="Email"
        type="email"
        required
        description="We never share it."
      />
      <TextField name="company" label="Company" />
      <TextField name="token" label="API token" required secret />
      <Button>Create account</Button>
    </Form>
  );
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create account' }));

describe('Form', () => {
  it('focuses the first invalid field when submit fails and runs the failure handler', async () => {
    const onSubmit = vi.fn();
    const onInvalid = vi.fn();
    render(<SignUp onSubmit={onSubmit} onInvalid={onInvalid} />);
    await submit();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(onInvalid).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('moves focus to the next invalid field once the first is fixed', async () => {
    render(<SignUp />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await submit();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('runs the submit handler with empty strings sent as null', async () => {
    const onSubmit = vi.fn();
    render(<SignUp onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('API token'), 'secret-token');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Ada',
      email: 'ada@example.com',
      company: null,
      token: 'secret-token',
    });
  });

  it('shows a form-level error in a banner', async () => {
    render(<SignUp />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('API token'), 'secret-token');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('The server is read-only right now.');
  });
});

describe('TextField', () => {
  it('ties its error message to the input', async () => {
    render(<SignUp />);
    await submit();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('We never share it. Enter a valid email address');
  });

  it('is not marked invalid before the first attempt', () => {
    render(<SignUp />);
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('We never share it.');
  });

  it('tags only the fields that are not required as Optional', () => {
    render(<SignUp />);
    expect(screen.getAllByText('Optional')).toHaveLength(1);
    expect(screen.getByLabelText('Company').closest('div.flex-col')).toHaveTextContent('Optional');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-required', 'true');
  });

  it('masks a secret until asked to show it', async () => {
    render(<SignUp />);
    const token = screen.getByLabelText('API token');
    expect(token).toHaveAttribute('type', 'password');
    const reveal = screen.getByRole('button', { name: 'Show API token' });
    expect(reveal).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(reveal);
    expect(token).toHaveAttribute('type', 'text');
    expect(reveal).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(reveal);
    expect(token).toHaveAttribute('type', 'password');
  });

  it('does not submit the form from its show button', async () => {
    const onInvalid = vi.fn();
    render(<SignUp onInvalid={onInvalid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show API token' }));
    expect(onInvalid).not.toHaveBeenCalled();
  });
});

describe('FormErrorBanner', () => {
  it('renders nothing without a message', () => {
    const { container } = render(<FormErrorBanner message={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('announces a message with its title', () => {
    render(<FormErrorBanner title="Could not save" message="Try again later." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not saveTry again later.');
  });
});
