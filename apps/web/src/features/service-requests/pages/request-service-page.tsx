import {
  checkServiceRequestDraft,
  REQUEST_PRIORITIES,
  REQUEST_REQUIREMENTS,
  REQUEST_TIMELINES,
} from '@d3/shared/service-requests/service-request-rules';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { asChoices } from '../../../components/choice-select';
import { PageIntro } from '../../../components/page-intro';
import { isApiError } from '../../../lib/api-client';
import { signInUrlFor } from '../../../lib/sign-in';
import { toastSuccess } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import {
  postServiceRequest,
  serviceRequestErrorMessage,
  useRequestCategories,
} from '../api/service-requests-api';
import {
  BudgetField,
  FormErrors,
  InputField,
  SelectField,
  TextAreaField,
} from '../components/request-fields';
import { useRequestTexts } from '../lib/request-texts';

/** Seed 000 §5 "Service request": the form, steps of 0.01, optional requirements, the error list. */
export function RequestServicePage() {
  const texts = useRequestTexts();
  const { t } = texts;
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
        <PageIntro title={t('requests.requestService')} />
        <div className="content-width py-10">
          <div className="card p-8 text-center">
            <p className="font-semibold">{t('requests.loginToAccess')}</p>
            <Link to={signInUrlFor('/request-service')} className="btn-primary mt-4">
              {t('requests.login')}
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
    const lines = texts.draftErrors(checkServiceRequestDraft(draft));
    setErrors(lines);
    if (lines.length) return;
    setBusy(true);
    try {
      const created = await postServiceRequest({
        ...draft,
        budgetMin: Number(draft.budgetMin),
        budgetMax: Number(draft.budgetMax),
      });
      toastSuccess(t('requests.msg.posted'));
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
      <PageIntro title={t('requests.requestService')} lead={t('requests.requestServiceLead')} />
      <div className="content-width py-8">
        <form
          className="card grid max-w-3xl gap-4 p-6"
          onSubmit={onSubmit}
          noValidate
          aria-label={t('requests.serviceRequest')}
        >
          <FormErrors errors={errors} />
          <InputField id={ids.title} label={t('requests.title')} name="title" maxLength={200} />
          <SelectField
            id={ids.category}
            label={t('requests.category')}
            name="category"
            defaultValue=""
            blank={t('requests.selectCategory')}
            choices={asChoices((categories.data?.categories ?? []).map((category) => category.name))}
          />
          <TextAreaField
            id={ids.description}
            label={t('requests.description')}
            name="description"
            rows={5}
            maxLength={2000}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <BudgetField id={ids.min} label={t('requests.budgetMin')} name="budgetMin" />
            <BudgetField id={ids.max} label={t('requests.budgetMax')} name="budgetMax" />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              id={ids.timeline}
              label={t('requests.timeline')}
              name="timeline"
              defaultValue=""
              blank={t('requests.selectTimeline')}
              choices={asChoices(REQUEST_TIMELINES, texts.timeline)}
            />
            <SelectField
              id={ids.priority}
              label={t('requests.priority')}
              name="priority"
              defaultValue="normal"
              choices={asChoices(REQUEST_PRIORITIES, (priority) => t(`requests.priorityChoice.${priority}`))}
            />
          </div>
          <InputField id={ids.location} label={t('requests.location')} name="location" maxLength={255} />
          <fieldset>
            <legend className="text-sm font-medium">{t('requests.requirementsOptional')}</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {REQUEST_REQUIREMENTS.map((requirement) => (
                <label key={requirement} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="requirements" value={requirement} />{' '}
                  {texts.requirement(requirement)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex justify-end gap-3">
            <Link to="/service-requests" className="btn-secondary">
              {t('common.cancel')}
            </Link>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? t('requests.posting') : t('requests.postRequest')}
            </button>
          </div>
        </form>
      </div>
    </>
  );
}
