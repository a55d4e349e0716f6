import { useT } from '@d3/ui';
import * as Tabs from '@radix-ui/react-tabs';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { ChoiceSelect } from '../../../components/choice-select';

type TFieldProps<E extends 'input' | 'textarea' | typeof ChoiceSelect> = ComponentProps<E> & {
  id: string;
  label: string;
};

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A labelled text (or search, number) box of the service-request forms and filters. */
export function InputField({ id, label, ...input }: TFieldProps<'input'>) {
  return (
    <Labelled id={id} label={label}>
      <input id={id} className="field mt-1" {...input} />
    </Labelled>
  );
}

/** The labelled 'Search' box above a list of requests or offers; `onChange` gets the text. */
export function RequestSearchField({
  placeholder,
  value,
  onChange,
}: {
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <InputField
      id={id}
      label={t('requests.search')}
      type="search"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A budget box of the request form: an amount in KSh, 0 or more, to the cent. */
export function BudgetField(props: { id: string; label: string; name: string }) {
  return <InputField {...props} type="number" min="0" step="0.01" />;
}

/** A labelled select; `blank` is the first, empty choice ('All categories', 'Select a timeline'). */
export function SelectField({ id, label, ...select }: TFieldProps<typeof ChoiceSelect>) {
  return (
    <Labelled id={id} label={label}>
      <ChoiceSelect id={id} className="field mt-1" {...select} />
    </Labelled>
  );
}

/** A labelled multi-line box. */
export function TextAreaField({ id, label, ...textarea }: TFieldProps<'textarea'>) {
  return (
    <Labelled id={id} label={label}>
      <textarea id={id} className="field mt-1" {...textarea} />
    </Labelled>
  );
}

/** The list of what the visitor must fix, above a form. */
export function FormErrors({ errors }: { errors: readonly string[] }) {
  const t = useT();
  if (errors.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
    >
      <p className="font-semibold">{t('requests.fixErrors')}</p>
      <ul className="mt-1 list-disc pl-5">
        {errors.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/** A tab of the service-request pages' tab lists. */
export function TabTrigger({
  value,
  className = '',
  children,
}: {
  value: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Tabs.Trigger
      value={value}
      className={`${className} focus-ring rounded-md px-3 py-1.5 text-sm font-semibold data-[state=active]:bg-white dark:data-[state=active]:bg-slate-900`.trim()}
    >
      {children}
    </Tabs.Trigger>
  );
}

/** What a list says when it has nothing to show, with what to do next (a link or a button). */
export function EmptyCard({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="card p-8 text-center">
      <p className="text-lg font-semibold">{title}</p>
      {children}
    </div>
  );
}

/** Load More under a list that has another page. */
export function LoadMore({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <div className="mt-6 text-center">
      <button type="button" className="btn-secondary" onClick={onClick}>
        {t('requests.loadMore')}
      </button>
    </div>
  );
}
