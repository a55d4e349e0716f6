import {
  checkServiceRequestDraft,
  draftErrorLines,
  REQUEST_PRIORITIES,
  REQUEST_REQUIREMENTS,
  REQUEST_TIMELINES,
} from '@d3/shared/service-requests/service-request-rules';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageIntro } from '../../../components/page-intro';
import { isApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import {
  postServiceRequest,
  serviceRequestErrorMessage,
  useRequestCategories,
} from '../api/service-requests-api';
import { timelineLabel } from '../components/request-components';

/** Seed 000 §5 "Service request": the form, steps of 0.01, optional requirements, the error list. */
export function RequestServicePage() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useRequestCategories();
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const ids = {
    title: useId(),
    category: useId(),
    description: useId(),
    min: useId(),
    max: useId(),
    timeline: useId(),
    priority: useId(),
    location: useId(),
  };

  if (!session) {
    return (
      <>
        <PageIntro title="Request Service" />
        <div className="content-width py-10">
          <div className="card p-8 text-center">
            <p className="font-semibold">Please log in to access this feature.</p>
            <Link to="/accounts/sign-in?redirect=%2Frequest-service" className="btn-primary mt-4">
              Login
            </Link>
          </div>
        </div>
      </>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const draft = {
      title: text('title'),
      category: text('category'),
      description: text('description'),
      budgetMin: text('budgetMin'),
      budgetMax: text('budgetMax'),
      timeline: text('timeline'),
      location: text('location'),
      priority: text('priority') || 'normal',
      requirements: form.getAll('requirements').map(String),
    };
    const lines = draftErrorLines(checkServiceRequestDraft(draft));
    setErrors(lines);
    if (lines.length) return;
    setBusy(true);
    try {
      const created = await postServiceRequest({
        ...draft,
        budgetMin: Number(draft.budgetMin),
        budgetMax: Number(draft.budgetMax),
      });
      toastSuccess('Service request posted successfully!');
      await queryClient.invalidateQueries({ queryKey: ['service-requests'] });
      await queryClient.invalidateQueries({ queryKey: ['users', 'service-requests'] });
      navigate(`/service-request/${created.request.id}`);
    } catch (error) {
      const fields = isApiError(error) ? Object.values(error.fieldErrors) : [];
      setErrors(fields.length ? fields : [serviceRequestErrorMessage(error)]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageIntro
        title="Request Service"
        lead="Describe what you need, set a budget and get quotes from providers."
      />
      <div className="content-width py-8">
        <form
          className="card grid max-w-3xl gap-4 p-6"
          onSubmit={onSubmit}
          noValidate
          aria-label="Service request"
        >
          {errors.length > 0 && (
            <div
              role="alert"
              className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
            >
              <p className="font-semibold">Please fix the following errors:</p>
              <ul className="mt-1 list-disc pl-5">
                {errors.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          )}
          <div>
            <label htmlFor={ids.title} className="text-sm font-medium">
              Title
            </label>
            <input id={ids.title} name="title" maxLength={200} className="field mt-1" />
          </div>
          <div>
            <label htmlFor={ids.category} className="text-sm font-medium">
              Category
            </label>
            <select id={ids.category} name="category" className="field mt-1" defaultValue="">
              <option value="">Select a category</option>
              {(categories.data?.categories ?? []).map((category) => (
                <option key={category.name} value={category.name}>
                  {category.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.description} className="text-sm font-medium">
              Description
            </label>
            <textarea
              id={ids.description}
              name="description"
              rows={5}
              maxLength={2000}
              className="field mt-1"
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={ids.min} className="text-sm font-medium">
                Minimum budget (KSH)
              </label>
              <input id={ids.min} name="budgetMin" type="number" min="0" step="0.01" className="field mt-1" />
            </div>
            <div>
              <label htmlFor={ids.max} className="text-sm font-medium">
                Maximum budget (KSH)
              </label>
              <input id={ids.max} name="budgetMax" type="number" min="0" step="0.01" className="field mt-1" />
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={ids.timeline} className="text-sm font-medium">
                Timeline
              </label>
              <select id={ids.timeline} name="timeline" className="field mt-1" defaultValue="">
                <option value="">Select a timeline</option>
                {REQUEST_TIMELINES.map((timeline) => (
                  <option key={timeline} value={timeline}>
                    {timelineLabel(timeline)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={ids.priority} className="text-sm font-medium">
                Priority
              </label>
              <select id={ids.priority} name="priority" className="field mt-1" defaultValue="normal">
                {REQUEST_PRIORITIES.map((priority) => (
                  <option key={priority} value={priority}>
                    {priority[0]!.toUpperCase() + priority.slice(1)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div>
            <label htmlFor={ids.location} className="text-sm font-medium">
              Location
            </label>
            <input id={ids.location} name="location" maxLength={255} className="field mt-1" />
          </div>
          <fieldset>
            <legend className="text-sm font-medium">Requirements (optional)</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {REQUEST_REQUIREMENTS.map((requirement) => (
                <label key={requirement} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="requirements" value={requirement} /> {requirement}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex justify-end gap-3">
            <Link to="/service-requests" className="btn-secondary">
              Cancel
            </Link>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? 'Posting...' : 'Post Service Request'}
            </button>
          </div>
        </form>
      </div>
    </>
  );
}
