import { useT } from '@d3/ui';
import { type QueryKey, type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useApiErrorText } from '../lib/error-text';
import { serverErrors, type TFieldErrors } from '../lib/form-validation';
import { buttonClass, Card, ConfirmDialog, EmptyState, ErrorState, LoadingState, Modal } from './ui';

/**
 * What the merchant's lists of things (stores' branches and staff, services, offers) share: the
 * loading / error / empty states, the Edit and Delete buttons, the edit dialog, the delete
 * confirmation and the form's save. Each page keeps its own fields, texts and cards.
 */

type TQueryListProps<T> = {
  query: UseQueryResult<T>;
  loadingLabel: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

/** Loading, error with retry, empty (by default: when the data is an empty list), else the rows. */
export function QueryList<T>({
  query,
  loadingLabel,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  empty = null,
  children,
}: TQueryListProps<T>) {
  const errorText = useApiErrorText();
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError) {
    return <ErrorState message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  }
  return <>{isEmpty(query.data) ? empty : children(query.data)}</>;
}

/** The empty list's card, as a `QueryList` `empty`. */
export function EmptyList({ title, children }: { title: string; children: ReactNode }) {
  return <EmptyState title={title}>{children}</EmptyState>;
}

/** Which row the edit dialog and the delete confirmation are open for, and the delete itself. */
export function useCrud<T extends { id: string }>({
  deleteRow,
  queryKey,
}: {
  /** The contract call that deletes one row. */
  deleteRow: (id: string) => Promise<unknown>;
  queryKey: QueryKey;
}) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteRow,
    onSuccess: async () => {
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey });
    },
  });
  return { editing, setEditing, deleting, setDeleting, remove };
}

export type TCrud<T extends { id: string }> = ReturnType<typeof useCrud<T>>;

/** The list's New / Add button: it opens the edit dialog on an empty form. A page's main list uses
 * the primary button, a section of a page the small secondary one. */
export function NewButton<T extends { id: string }>({
  crud,
  label,
  small = false,
}: {
  crud: TCrud<T>;
  label: string;
  small?: boolean;
}) {
  return (
    <button
      type="button"
      className={small ? buttonClass('secondary', true) : buttonClass('primary')}
      onClick={() => crud.setEditing('new')}
    >
      <Plus aria-hidden="true" className="size-4" /> {label}
    </button>
  );
}

/** A row's Edit and Delete buttons: they open the list's edit dialog and delete confirmation for `item`. */
export function RowActions<T extends { id: string }>({
  name,
  item,
  crud,
  deleteText,
}: {
  name: string;
  item: T;
  crud: TCrud<T>;
  /** null: the Delete button shows only its icon. */
  deleteText?: string | null;
}) {
  const t = useT();
  const deleteWord = deleteText === undefined ? t('common.delete') : deleteText;
  const onEdit = () => crud.setEditing(item);
  const onDelete = () => crud.setDeleting(item);
  return (
    <>
      <button
        type="button"
        className={buttonClass('secondary', true)}
        onClick={onEdit}
        aria-label={t('common.editNamed', { name })}
      >
        <Pencil aria-hidden="true" className="size-4" /> {t('common.edit')}
      </button>
      <button
        type="button"
        className={buttonClass('ghost', true)}
        onClick={onDelete}
        aria-label={t('common.deleteNamed', { name })}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {deleteWord ? ` ${deleteWord}` : null}
      </button>
    </>
  );
}

/** One row of a list shown as cards: the page's own content, then the row's Edit and Delete buttons. */
export function CrudCard<T extends { id: string }>({
  name,
  item,
  crud,
  children,
}: {
  name: string;
  item: T;
  crud: TCrud<T>;
  children: ReactNode;
}) {
  return (
    <li>
      <Card>
        {children}
        <div className="mt-3 flex gap-2">
          <RowActions name={name} item={item} crud={crud} />
        </div>
      </Card>
    </li>
  );
}

type TCrudDialogsProps<T extends { id: string }> = {
  crud: TCrud<T>;
  newTitle: string;
  editTitle: string;
  form: (item: T | undefined, onDone: () => void) => ReactNode;
  confirm: { title: string; description: (item: T | null) => string; confirmLabel: string };
};

/** A `useCrud` list: the query's states around the rows `children` draws, then the list's dialogs. */
export function CrudList<T extends { id: string }, D>({
  crud,
  dialogs,
  ...list
}: TQueryListProps<D> & { crud: TCrud<T>; dialogs: Omit<TCrudDialogsProps<T>, 'crud'> }) {
  return (
    <>
      <QueryList {...list} />
      <CrudDialogs crud={crud} {...dialogs} />
    </>
  );
}

/** The edit dialog (new or existing row) and the delete confirmation of a `useCrud` list. */
function CrudDialogs<T extends { id: string }>({
  crud,
  newTitle,
  editTitle,
  form,
  confirm,
}: TCrudDialogsProps<T>) {
  const { editing, setEditing, deleting, setDeleting, remove } = crud;
  const errorText = useApiErrorText();
  return (
    <>
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? newTitle : editTitle}
      >
        {editing !== null ? form(editing === 'new' ? undefined : editing, () => setEditing(null)) : null}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={confirm.title}
        description={confirm.description(deleting)}
        confirmLabel={confirm.confirmLabel}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        pending={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
      />
    </>
  );
}

/**
 * How a list's edit form saves (the `useResourceForm` options): the row's update call when it edits
 * one (`update`), else `create` (each a contract call; the body passed the same schema before it is
 * sent); then the list is fetched again and the dialog closes.
 */
export function useRowSave<B>({
  update,
  create,
  queryKey,
  onDone,
}: {
  update: ((body: B) => Promise<unknown>) | undefined;
  create: (body: B) => Promise<unknown>;
  queryKey: QueryKey;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  return {
    send: (body: unknown) => (update ? update(body as B) : create(body as B)),
    onSaved: async () => {
      await queryClient.invalidateQueries({ queryKey });
      onDone();
    },
  };
}

type TChecked = { ok: true } | { ok: false; errors: TFieldErrors };

/**
 * A form's state, its field errors (from the shared schema before sending, from the server after)
 * and its save. `field(key)` binds a field to its value and error; `submit(build)` checks the body
 * `build` returns and sends it when it passes.
 */
export function useResourceForm<TForm extends object, TResult = unknown>(
  initial: TForm | (() => TForm),
  {
    send,
    onSaved,
  }: {
    send: (body: unknown) => Promise<TResult>;
    onSaved: (result: TResult) => Promise<void> | void;
  },
) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const errorText = useApiErrorText();
  const save = useMutation({
    mutationFn: send,
    onSuccess: onSaved,
    onError: (error) => {
      const { fields, message } = serverErrors(error);
      setErrors(fields);
      setProblem(message === null ? null : errorText(error));
    },
  });
  const set =
    <K extends keyof TForm>(key: K) =>
    (value: TForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  /** A field's value, change handler and error, for the fields whose error comes under their own name. */
  const field = <K extends keyof TForm & string>(key: K) => ({
    value: form[key],
    onChange: set(key),
    error: errors[key],
  });
  const submit =
    (
      build: () => { body: unknown; checked: TChecked; fieldErrors?: (errors: TFieldErrors) => TFieldErrors },
    ) =>
    (event: FormEvent) => {
      event.preventDefault();
      setProblem(null);
      const { body, checked, fieldErrors = (e) => e } = build();
      if (!checked.ok) return setErrors(fieldErrors(checked.errors));
      setErrors({});
      save.mutate(body);
    };
  return { form, setForm, set, field, errors, problem, save, submit };
}
