import { useT } from '@d3/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import clsx from 'clsx';
import { AlertTriangle, MapPin, Phone, UserRound } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useFormats } from '../../../lib/format';
import type { TBookingBranch, TStaffResponse } from '../api/booking-types';
import { workingDaysLabel } from '../lib/booking-dates';
import { WIZARD_MESSAGES } from '../lib/booking-messages';
import { ContinueAction, StepActions, StepSection } from './step-layout';

interface LocationStaffStepProps {
  branches: readonly TBookingBranch[];
  branchId: string | null;
  staff: UseQueryResult<TStaffResponse>;
  staffId: string | null;
  onBranch: (branchId: string) => void;
  onStaff: (staffId: string | null) => void;
  onBack: () => void;
  onContinue: () => void;
  canContinue: boolean;
  /** The chosen time is not free at the chosen branch. */
  timeWarning: boolean;
  onChangeTime: () => void;
}

function ChoiceCard({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={clsx(
        'flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-orange-500',
        checked
          ? 'border-orange-600 bg-orange-50 dark:border-orange-400 dark:bg-orange-500/10'
          : 'border-slate-300 bg-white hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="mt-1 size-4 shrink-0 accent-orange-600"
      />
      <span className="min-w-0 flex-1">{children}</span>
    </label>
  );
}

export function LocationStaffStep({
  branches,
  branchId,
  staff,
  staffId,
  onBranch,
  onStaff,
  onBack,
  onContinue,
  canContinue,
  timeWarning,
  onChangeTime,
}: LocationStaffStepProps) {
  const t = useT();
  const { locale } = useFormats();
  const branchGroup = useId();
  const staffGroup = useId();
  const staffList = staff.data?.staff ?? [];
  return (
    <>
      <StepSection title={t('wizard.chooseLocation')} icon={<MapPin aria-hidden="true" className="size-5" />}>
        <div role="radiogroup" aria-label={t('wizard.location')} className="grid gap-3 sm:grid-cols-2">
          {branches.map((branch) => (
            <ChoiceCard
              key={branch.id}
              name={branchGroup}
              value={branch.id}
              checked={branch.id === branchId}
              onChange={() => onBranch(branch.id)}
            >
              <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">
                {branch.name}
                {branch.isMainBranch && (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                    {t('wizard.main')}
                  </span>
                )}
              </span>
              {branch.address && (
                <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-300">
                  {branch.address}
                </span>
              )}
              <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                {branch.workingDays.length > 0
                  ? `${workingDaysLabel(branch.workingDays, locale, t('wizard.everyDay'))} · `
                  : ''}
                {branch.openingTime}–{branch.closingTime}
              </span>
              {branch.phone && (
                <span className="mt-1 inline-flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
                  <Phone aria-hidden="true" className="size-3.5" />
                  {branch.phone}
                </span>
              )}
            </ChoiceCard>
          ))}
        </div>
        {timeWarning && (
          <div
            role="alert"
            className="mt-3 flex flex-col gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center dark:bg-amber-500/10 dark:text-amber-200"
          >
            <p className="flex flex-1 gap-2">
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {WIZARD_MESSAGES.timeNotAtBranch}
            </p>
            <button type="button" className="btn-secondary" onClick={onChangeTime}>
              {t('wizard.changeTime')}
            </button>
          </div>
        )}
      </StepSection>

      {branchId !== null && (
        <StepSection
          title={t('wizard.chooseStaff')}
          icon={<UserRound aria-hidden="true" className="size-5" />}
        >
          {staff.isPending ? (
            <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
              {t('wizard.loadingStaff')}
            </p>
          ) : (
            <div role="radiogroup" aria-label={t('wizard.staffMember')} className="grid gap-3 sm:grid-cols-2">
              <ChoiceCard
                name={staffGroup}
                value=""
                checked={staffId === null}
                onChange={() => onStaff(null)}
              >
                <span className="font-semibold text-slate-900 dark:text-white">{t('wizard.anyStaff')}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-300">
                  {t('wizard.anyStaffHint')}
                </span>
              </ChoiceCard>
              {staffList.map((member) => (
                <ChoiceCard
                  key={member.id}
                  name={staffGroup}
                  value={member.id}
                  checked={staffId === member.id}
                  onChange={() => onStaff(member.id)}
                >
                  <span className="font-semibold text-slate-900 dark:text-white">{member.name}</span>
                  {member.role && (
                    <span className="block text-sm text-slate-600 dark:text-slate-300">{member.role}</span>
                  )}
                </ChoiceCard>
              ))}
            </div>
          )}
        </StepSection>
      )}

      <StepActions>
        <button type="button" className="btn-secondary" onClick={onBack}>
          {t('wizard.back')}
        </button>
        <ContinueAction
          canContinue={canContinue}
          hint={WIZARD_MESSAGES.needBranch}
          onContinue={onContinue}
          afterBack
        />
      </StepActions>
    </>
  );
}
