import { ZCurrentUserResponse } from '@d3/shared/accounts/accounts-schemas';
import { ZErrorResponse } from '@d3/shared/api/envelope-schemas';
import { ZBookingResponse, ZCreateBookingResponse } from '@d3/shared/bookings/booking-schemas';
import { ZBranchesResponse, ZStaffResponse } from '@d3/shared/bookings/booking-slot-schemas';
import { ZWaitlistResponse } from '@d3/shared/bookings/waitlist-schemas';
import { ZOfferResponse, ZServiceResponse } from '@d3/shared/catalogue/catalogue-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { addDays, lastBookableDate, longDayLabel } from '../lib/booking-dates';
import { PAYMENT_MESSAGES, SLOT_MESSAGES, WIZARD_MESSAGES } from '../lib/booking-messages';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_MAX } from '../lib/payment-poll';
import {
  BOOKING_ID,
  BRANCH_A,
  BRANCH_B,
  bookingBody,
  branch,
  currentUser,
  OFFER_ID,
  offerBody,
  PAYMENT_ID,
  SERVICE_ID,
  STAFF_ID,
  STORE_ID,
  serviceBody,
  signedInPerTest,
  slotsAnswer,
} from '../test/booking-fixtures';
import { BookPage } from './book-page';

let seen: TSeenRequest[];
let paymentStatuses: string[];

function callsTo(method: string, path: string) {
  return seen.filter((request) => request.method === method && request.url.pathname === `/api/v1${path}`);
}

/** The JSON body a recorded request sent ({} when there was no such request). */
async function bodyOf(request: TSeenRequest | undefined): Promise<Record<string, unknown>> {
  if (!request) return {};
  await waitFor(() => expect(request.body).not.toBe(''));
  return JSON.parse(request.body) as Record<string, unknown>;
}

const offerAnswer = (overrides: Record<string, unknown> = {}) =>
  wire(ZOfferResponse, { success: true, offer: offerBody(overrides) });
const serviceAnswer = (overrides: Record<string, unknown> = {}) =>
  wire(ZServiceResponse, { success: true, service: serviceBody(overrides) });
/**
 * The M-Pesa push went out: the payment waits for the customer's PIN. The client checks every answer
 * against the payments contract (issue 37), so these must match its schemas.
 */
const paymentRequestSent = () =>
  HttpResponse.json(
    {
      success: true,
      message: 'Payment request sent.',
      payment: { id: PAYMENT_ID, status: 'pending', amount: 226, checkoutRequestId: 'ws_CO_1' },
    },
    { status: 201 },
  );

signedInPerTest();

beforeEach(() => {
  paymentStatuses = ['pending', 'completed'];
  seen = recordRequests();
  const branches = () =>
    wire(ZBranchesResponse, {
      success: true,
      branches: [branch(BRANCH_A, 'Kilimani'), branch(BRANCH_B, 'Westlands')],
      branch: branch(BRANCH_A, 'Kilimani'),
    });
  const staff = () =>
    wire(ZStaffResponse, {
      success: true,
      staff: [
        {
          id: STAFF_ID,
          name: 'Wanjiku Mwangi',
          role: 'Therapist',
          branchId: BRANCH_A,
          assignedToService: true,
        },
      ],
    });
  mswServer.use(
    api.get('/users/current', () =>
      wire(ZCurrentUserResponse, { success: true, data: { user: currentUser } }),
    ),
    api.get(`/offers/${OFFER_ID}`, () => offerAnswer()),
    api.get(`/services/${SERVICE_ID}`, () => serviceAnswer()),
    api.get(`/bookings/offers/${OFFER_ID}/branch`, branches),
    api.get(`/bookings/services/${SERVICE_ID}/branch`, branches),
    api.get(`/bookings/offers/${OFFER_ID}/staff`, staff),
    api.get(`/bookings/services/${SERVICE_ID}/staff`, staff),
    api.get('/bookings/slots/unified', ({ request }) =>
      new URL(request.url).searchParams.get('entityType') === 'service'
        ? slotsAnswer({ accessFee: 0, accessFeeAmount: 0 })
        : slotsAnswer(),
    ),
    api.post('/bookings', () =>
      wire(
        ZCreateBookingResponse,
        {
          success: true,
          message: 'Booking created. Complete the access fee payment to confirm it.',
          booking: bookingBody({ status: 'pending', accessFeePaid: false, Payment: null }),
          paymentRequired: true,
        },
        201,
      ),
    ),
    api.post('/payments/mpesa', paymentRequestSent),
    api.get(`/payments/${PAYMENT_ID}/status`, () => {
      const status = paymentStatuses.length > 1 ? paymentStatuses.shift() : paymentStatuses[0];
      return HttpResponse.json({
        success: true,
        payment: {
          id: PAYMENT_ID,
          status,
          amount: 226,
          bookingId: BOOKING_ID,
          mpesaReceiptNumber: status === 'completed' ? 'QK12ABC3DE' : null,
          resultDesc: null,
          checking: false,
        },
      });
    }),
    api.get(`/bookings/${BOOKING_ID}`, () =>
      wire(ZBookingResponse, { success: true, booking: bookingBody() }),
    ),
    // A day with a full time reads the customer's waits (issue 36; its tests: book-page-waitlist.test.tsx).
    api.get('/bookings/waitlist', () => wire(ZWaitlistResponse, { success: true, entries: [] })),
  );
});

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/booking/offer/:offerId', element: <BookPage /> },
      { path: '/booking/service/:serviceId', element: <BookPage /> },
      { path: '/store/:storeId/service/:serviceId/book', element: <BookPage /> },
      { path: '/profile/bookings', element: <p>My bookings list</p> },
    ],
    path,
  );
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const stepHeading = (text: string) => screen.findByRole('heading', { level: 2, name: text });

async function pickDate(index = 0) {
  const quick = await screen.findByRole('group', { name: 'Quick select' });
  const day = (await within(quick).findAllByRole('button'))[index];
  if (!day) throw new Error('no quick-select day');
  fireEvent.click(day);
}

async function pickTime(time: string) {
  const slot = await screen.findByRole('button', { name: new RegExp(`^${time}`) });
  fireEvent.click(slot);
  return slot;
}

async function goToReview(path = `/booking/offer/${OFFER_ID}`) {
  renderAt(path);
  await pickDate();
  await pickTime('10:00');
  fireEvent.click(continueButton());
  await stepHeading('Step 2 of 4: Location & Staff');
  fireEvent.click(await screen.findByRole('radio', { name: /Kilimani/ }));
  fireEvent.click(continueButton());
  await stepHeading('Step 3 of 4: Review & Pay');
}

/** Step 3: opens the M-Pesa dialog. */
async function openPayDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Pay KSh 226 with M-Pesa' }));
  return screen.findByRole('dialog', { name: 'Pay with M-Pesa' });
}

/** Step 3: pays with the prefilled phone and waits for the payment screen. */
async function payAndWait() {
  fireEvent.click(within(await openPayDialog()).getByRole('button', { name: 'Pay KSh 226' }));
  await screen.findByRole('heading', { name: 'Waiting for payment' });
}

/**
 * Steps 1–3, then pays under fake timers and lets `polls` status polls run; the server answers the
 * polls with `statuses` in turn (the last one again and again).
 */
async function payAndPoll(statuses: string[], polls: number) {
  paymentStatuses = statuses;
  await goToReview();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  await payAndWait();
  await act(() => vi.advanceTimersByTimeAsync(polls * PAYMENT_POLL_INTERVAL_MS));
}

describe('booking wizard steps', () => {
  it('offers no day to tap until the store’s working days are known, then its working days only', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const kilimani = branch(BRANCH_A, 'Kilimani', { workingDays: ['Monday', 'Wednesday'] });
    mswServer.use(
      api.get(`/bookings/offers/${OFFER_ID}/branch`, async () => {
        await held;
        return wire(ZBranchesResponse, { success: true, branches: [kilimani], branch: kilimani });
      }),
    );
    renderAt(`/booking/offer/${OFFER_ID}`);
    const quick = await screen.findByRole('group', { name: 'Quick select' });
    // Every day used to be offered first, and the closed ones taken away under the finger.
    expect(quick.getAttribute('aria-busy')).toBe('true');
    expect(within(quick).queryAllByRole('button')).toHaveLength(0);
    expect(within(quick).getAllByTestId('quick-day-placeholder')).toHaveLength(6);

    release();
    const days = await within(quick).findAllByRole('button');
    expect(quick.getAttribute('aria-busy')).toBe('false');
    expect(days.length).toBeGreaterThan(1);
    for (const day of days) expect(day.textContent).toMatch(/^(Mon|Wed), |^Today$/);
    expect(within(quick).queryAllByTestId('quick-day-placeholder')).toHaveLength(0);
  });

  it('an offer expiring in two days offers no date after its expiry (quick select and the date field)', async () => {
    const expiry = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    mswServer.use(
      api.get(`/offers/${OFFER_ID}`, () =>
        offerAnswer({ expiration_date: expiry.toISOString(), expirationDate: expiry.toISOString() }),
      ),
    );
    renderAt(`/booking/offer/${OFFER_ID}`);
    const quick = await screen.findByRole('group', { name: 'Quick select' });
    const last = lastBookableDate(expiry.toISOString())!;
    expect(await within(quick).findAllByRole('button')).toHaveLength(3);
    const field = screen.getByLabelText('Date') as HTMLInputElement;
    expect(field.max).toBe(last);
    fireEvent.change(field, { target: { value: addDays(last, 1) } });
    expect(field.value).toBe('');
    expect(screen.getByText(`This offer can be booked until ${longDayLabel(last)}.`)).toBeTruthy();
  });

  it('moves 1→2 only with a date and a time, and 2→3 only with a branch', async () => {
    renderAt(`/booking/offer/${OFFER_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Book 60-Minute Swedish Massage' }),
    ).toBeTruthy();
    await stepHeading('Step 1 of 4: Date & Time');
    expect(continueButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(WIZARD_MESSAGES.needDateTime)).toBeTruthy();

    await pickDate();
    // A full slot is shown but cannot be chosen as the time: pressing it opens its waitlist (issue 36).
    fireEvent.click(await screen.findByRole('button', { name: /^11:00/ }));
    expect(await screen.findByRole('heading', { name: '11:00 is full' })).toBeTruthy();
    expect(continueButton().hasAttribute('disabled')).toBe(true);
    const ten = await pickTime('10:00');
    expect(ten.getAttribute('aria-pressed')).toBe('true');
    expect(continueButton().hasAttribute('disabled')).toBe(false);

    // Another date clears the chosen time.
    await pickDate(1);
    await waitFor(() => expect(continueButton().hasAttribute('disabled')).toBe(true));
    await pickTime('10:00');
    fireEvent.click(continueButton());

    await stepHeading('Step 2 of 4: Location & Staff');
    expect(continueButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(WIZARD_MESSAGES.needBranch)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Kilimani/ }));
    await waitFor(() => expect(continueButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(continueButton());
    await stepHeading('Step 3 of 4: Review & Pay');

    const query = callsTo('GET', '/bookings/slots/unified').at(-1)?.url.searchParams;
    expect(query?.get('entityId')).toBe(OFFER_ID);
    expect(query?.get('entityType')).toBe('offer');
    expect(query?.get('branchId')).toBe(BRANCH_A);
    expect(query?.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('a new branch clears the chosen staff member', async () => {
    renderAt(`/booking/offer/${OFFER_ID}`);
    await pickDate();
    await pickTime('10:00');
    fireEvent.click(continueButton());
    await stepHeading('Step 2 of 4: Location & Staff');
    fireEvent.click(screen.getByRole('radio', { name: /Kilimani/ }));
    const wanjiku = await screen.findByRole('radio', { name: /Wanjiku Mwangi/ });
    fireEvent.click(wanjiku);
    expect((wanjiku as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: /Westlands/ }));
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: /Any available staff/ }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
    expect(
      callsTo('GET', `/bookings/offers/${OFFER_ID}/staff`).map((request) =>
        request.url.searchParams.get('branchId'),
      ),
    ).toEqual([BRANCH_A, BRANCH_B]);
  });

  it('the header goes back freely and forward only to completed steps', async () => {
    renderAt(`/booking/offer/${OFFER_ID}`);
    await stepHeading('Step 1 of 4: Date & Time');
    const header = screen.getByRole('navigation', { name: 'Booking steps' });
    const stepButton = (name: string) => within(header).getByRole('button', { name: new RegExp(name) });
    expect(stepButton('Location & Staff').hasAttribute('disabled')).toBe(true);

    await pickDate();
    await pickTime('10:00');
    // Complete, but not reached yet.
    expect(stepButton('Location & Staff').hasAttribute('disabled')).toBe(true);
    fireEvent.click(continueButton());
    await stepHeading('Step 2 of 4: Location & Staff');
    expect(stepButton('Review & Pay').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Kilimani/ }));
    fireEvent.click(continueButton());
    await stepHeading('Step 3 of 4: Review & Pay');

    fireEvent.click(stepButton('Date & Time'));
    await stepHeading('Step 1 of 4: Date & Time');
    expect(stepButton('Review & Pay').hasAttribute('disabled')).toBe(false);
    fireEvent.click(stepButton('Review & Pay'));
    await stepHeading('Step 3 of 4: Review & Pay');
    expect(stepButton('Confirmation').hasAttribute('disabled')).toBe(true);

    // A new date clears the time, which closes the later steps again.
    fireEvent.click(stepButton('Date & Time'));
    await pickDate(2);
    await waitFor(() => expect(stepButton('Location & Staff').hasAttribute('disabled')).toBe(true));
    expect(stepButton('Review & Pay').hasAttribute('disabled')).toBe(true);
  });

  it('shows the fee breakdown: price at the store, access fee now, whole shillings on Pay; card is coming soon', async () => {
    await goToReview();
    const step = screen.getByRole('region', { name: 'Step 3 of 4: Review & Pay' });
    expect(within(step).getByText('Offer price, paid at the store')).toBeTruthy();
    expect(within(step).getByText('KSh 3,500')).toBeTruthy();
    expect(within(step).getByText('Access fee, paid now by M-Pesa')).toBeTruthy();
    // One amount everywhere (issue 15): the whole shillings M-Pesa charges, never 225.50.
    expect(within(step).getAllByText('KSh 226')).toHaveLength(2);
    expect(within(step).queryByText('KSh 225.50')).toBeNull();
    expect(screen.queryByText(/225\.5/)).toBeNull();
    expect(within(step).getByText('Coming soon')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay KSh 226 with M-Pesa' })).toBeTruthy();
    expect(callsTo('POST', '/bookings')).toHaveLength(0);
  });
});

describe('slots', () => {
  it("shows the business rule with the branch's working days when a day has no slots", async () => {
    mswServer.use(
      api.get('/bookings/slots/unified', () =>
        slotsAnswer({
          availableSlots: [],
          detailedSlots: [],
          message: 'The store is closed on this day.',
          branchInfo: {
            id: BRANCH_A,
            name: 'Kilimani',
            workingDays: ['Monday', 'Tuesday'],
            openingTime: '09:00',
            closingTime: '17:00',
          },
        }),
      ),
    );
    renderAt(`/booking/offer/${OFFER_ID}`);
    await pickDate();
    expect(await screen.findByText('The store is closed on this day.')).toBeTruthy();
    expect(screen.getByText('Kilimani is open Monday, Tuesday, 09:00–17:00.')).toBeTruthy();
  });

  it('says so when a day is fully booked', async () => {
    mswServer.use(api.get('/bookings/slots/unified', () => slotsAnswer({ availableSlots: [] })));
    renderAt(`/booking/offer/${OFFER_ID}`);
    await pickDate();
    expect(await screen.findByText(SLOT_MESSAGES.none)).toBeTruthy();
  });

  it('offers Try Again when the slots fail to load', async () => {
    let fails = true;
    mswServer.use(
      api.get('/bookings/slots/unified', () => (fails ? apiError('INTERNAL', 'boom') : slotsAnswer())),
    );
    renderAt(`/booking/offer/${OFFER_ID}`);
    await pickDate();
    expect(await screen.findByText(SLOT_MESSAGES.failed)).toBeTruthy();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: /^10:00/ })).toBeTruthy();
  });
});

describe('paying the access fee', () => {
  it('the phone modal is prefilled, takes at most 13 characters and refuses fewer than 10', async () => {
    await goToReview();
    const dialog = await openPayDialog();
    const input = within(dialog).getByLabelText('M-Pesa phone number') as HTMLInputElement;
    expect(input.value).toBe('+254712345678');
    expect(input.maxLength).toBe(13);

    fireEvent.change(input, { target: { value: '071234567' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay KSh 226' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(PAYMENT_MESSAGES.invalidPhone);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo('POST', '/bookings')).toHaveLength(0);
    expect(callsTo('POST', '/payments/mpesa')).toHaveLength(0);

    // Cancel closes the modal without booking anything.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST', '/bookings')).toHaveLength(0);
  });

  it('books, pushes the payment once per attempt, polls every 5 s and confirms', async () => {
    await goToReview();
    fireEvent.change(screen.getByLabelText('Notes for the store (optional)'), {
      target: { value: 'First visit' },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dialog = await openPayDialog();
    fireEvent.change(within(dialog).getByLabelText('M-Pesa phone number'), {
      target: { value: '0712345678' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay KSh 226' }));

    expect(await screen.findByRole('heading', { name: 'Waiting for payment' })).toBeTruthy();
    const created = await bodyOf(callsTo('POST', '/bookings')[0]);
    expect(created).toMatchObject({
      bookingType: 'offer',
      offerId: OFFER_ID,
      storeId: STORE_ID,
      branchId: BRANCH_A,
      notes: 'First visit',
      paymentData: { amount: 226, currency: 'KES', method: 'mpesa', phoneNumber: '0712345678' },
      clientInfo: { name: 'Amina Otieno', email: 'amina@example.co.ke', phone: '0712345678' },
    });
    expect(String(created.startTime)).toMatch(/^\d{4}-\d{2}-\d{2}T10:00:00$/);
    const pay = callsTo('POST', '/payments/mpesa')[0];
    expect(await bodyOf(pay)).toEqual({
      phoneNumber: '0712345678',
      amount: 226,
      bookingId: BOOKING_ID,
      type: 'booking_access_fee',
    });
    const key = pay?.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    expect(callsTo('GET', `/payments/${PAYMENT_ID}/status`)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS));
    expect(callsTo('GET', `/payments/${PAYMENT_ID}/status`)).toHaveLength(1);
    expect(screen.getByText(`Checking payment status (1/${PAYMENT_POLL_MAX})...`)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS));

    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeTruthy();
    expect(screen.getByText(/QK12ABC3DE/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View My Bookings' }).getAttribute('href')).toBe(
      '/profile/bookings',
    );
    expect(screen.getByRole('link', { name: 'Browse More Offers' }).getAttribute('href')).toBe('/hotdeals');
    expect(callsTo('POST', '/payments/mpesa')).toHaveLength(1);
  });

  it("a failed payment returns to step 3 with 'Payment failed. Please try again.'; trying again books afresh with a new key", async () => {
    await payAndPoll(['failed'], 1);

    expect(await screen.findByText(PAYMENT_MESSAGES.failed)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Step 3 of 4: Review & Pay' })).toBeTruthy();

    paymentStatuses = ['completed'];
    await payAndWait();
    const keys = callsTo('POST', '/payments/mpesa').map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    // The failed payment cancelled the first booking on the server, so a new one is made.
    expect(callsTo('POST', '/bookings')).toHaveLength(2);
  });

  it('gives up after 60 polls with the timeout message', async () => {
    await payAndPoll(['pending'], PAYMENT_POLL_MAX);

    expect(await screen.findByText(PAYMENT_MESSAGES.timeout)).toBeTruthy();
    expect(callsTo('GET', `/payments/${PAYMENT_ID}/status`)).toHaveLength(PAYMENT_POLL_MAX);
    expect(screen.getByRole('heading', { level: 2, name: 'Step 3 of 4: Review & Pay' })).toBeTruthy();
  });

  it("says 'Payment initiation failed. Please try again.' when the push cannot be sent", async () => {
    mswServer.use(api.post('/payments/mpesa', () => apiError('PAYMENT_INITIATION_FAILED', 'Upstream down')));
    await goToReview();
    const dialog = await openPayDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay KSh 226' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.initiationFailed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The booking still holds its slot: paying again reuses it.
    mswServer.use(api.post('/payments/mpesa', paymentRequestSent));
    await payAndWait();
    expect(callsTo('POST', '/bookings')).toHaveLength(1);
  });

  it("shows the server's refusal of the number under the field", async () => {
    mswServer.use(
      api.post('/payments/mpesa', () =>
        wire(
          ZErrorResponse,
          {
            success: false,
            message: PAYMENT_MESSAGES.invalidPhone,
            code: 'VALIDATION_ERROR',
            errors: { phoneNumber: PAYMENT_MESSAGES.invalidPhone },
          },
          400,
        ),
      ),
    );
    await goToReview();
    const dialog = await openPayDialog();
    fireEvent.change(within(dialog).getByLabelText('M-Pesa phone number'), {
      target: { value: '0201234567' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay KSh 226' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(PAYMENT_MESSAGES.invalidPhone);
  });

  it('a taken slot sends the customer back to step 1 with the message and fresh slots', async () => {
    mswServer.use(api.post('/bookings', () => apiError('SLOT_TAKEN')));
    await goToReview();
    const slotCallsBefore = callsTo('GET', '/bookings/slots/unified').length;
    fireEvent.click(within(await openPayDialog()).getByRole('button', { name: 'Pay KSh 226' }));

    await stepHeading('Step 1 of 4: Date & Time');
    expect(
      screen.getByText('This time slot is no longer available. Please select a different time.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(callsTo('GET', '/bookings/slots/unified').length).toBeGreaterThan(slotCallsBefore),
    );
    expect(continueButton().hasAttribute('disabled')).toBe(true);
    expect(callsTo('POST', '/payments/mpesa')).toHaveLength(0);
  });
});

describe('service bookings', () => {
  it('a service that is confirmed by hand asks first; Cancel sends nothing', async () => {
    mswServer.use(
      api.get(`/services/${SERVICE_ID}`, () => serviceAnswer({ auto_confirm_bookings: false })),
      api.post('/bookings', () =>
        wire(
          ZCreateBookingResponse,
          {
            success: true,
            message: 'Booking request received.',
            booking: bookingBody({
              status: 'pending',
              bookingType: 'service',
              isOfferBooking: false,
              offerId: null,
              serviceId: SERVICE_ID,
              Offer: null,
              accessFee: 0,
              accessFeeAmount: 0,
              accessFeePaid: false,
              Payment: null,
              Service: {
                id: SERVICE_ID,
                name: 'Deep Tissue Massage',
                price: 4000,
                duration: 90,
                imageUrl: null,
                type: 'fixed',
              },
            }),
            paymentRequired: false,
          },
          201,
        ),
      ),
    );
    await goToReview(`/store/${STORE_ID}/service/${SERVICE_ID}/book`);
    const step = screen.getByRole('region', { name: 'Step 3 of 4: Review & Pay' });
    expect(within(step).getByText('No access fee')).toBeTruthy();
    expect(within(step).getByText('KSh 4,000')).toBeTruthy();
    expect(screen.queryByText('Coming soon')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send booking request?' });
    expect(within(dialog).getByText(WIZARD_MESSAGES.manualReviewConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST', '/bookings')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send Booking Request' }),
    );
    expect(await screen.findByRole('heading', { name: 'Booking Request Sent!' })).toBeTruthy();
    expect(screen.getByText(WIZARD_MESSAGES.manualReview)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse More Services' }).getAttribute('href')).toBe('/stores');
    expect(await bodyOf(callsTo('POST', '/bookings')[0])).toMatchObject({
      bookingType: 'service',
      serviceId: SERVICE_ID,
      branchId: BRANCH_A,
    });
    expect((await bodyOf(callsTo('POST', '/bookings')[0])).paymentData).toBeUndefined();
    expect(callsTo('POST', '/payments/mpesa')).toHaveLength(0);
  });

  it("refuses a service whose booking is switched off: 'Booking is not enabled for this service.'", async () => {
    mswServer.use(api.get(`/services/${SERVICE_ID}`, () => serviceAnswer({ booking_enabled: false })));
    renderAt(`/booking/service/${SERVICE_ID}`);
    expect(await screen.findByText(WIZARD_MESSAGES.bookingDisabled)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Booking steps' })).toBeNull();
  });

  it("an expired offer says 'This offer is no longer available.'", async () => {
    mswServer.use(api.get(`/offers/${OFFER_ID}`, () => offerAnswer({ bookable: false, isExpired: true })));
    renderAt(`/booking/offer/${OFFER_ID}`);
    expect(await screen.findByText(WIZARD_MESSAGES.offerUnavailable)).toBeTruthy();
  });
});
