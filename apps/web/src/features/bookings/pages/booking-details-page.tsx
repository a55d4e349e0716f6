import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { toastSuccess } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useBooking } from '../api/get-booking';
import { BookingDetail } from '../components/booking-detail';
import { DetailLoading, LoadError, loadErrorKind } from '../components/booking-details-states';
import { DETAIL_MESSAGES } from '../lib/booking-messages';

export function BookingDetailsPage() {
  const { bookingId = '' } = useParams();
  const token = useSession()?.token ?? null;
  const query = useBooking(token, bookingId);

  // 'Booking details loaded successfully!' only after a load that needed retries.
  const retried = useRef(false);
  useEffect(() => {
    if (query.failureCount > 0) retried.current = true;
  }, [query.failureCount]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a refetch that succeeds after retries counts too.
  useEffect(() => {
    if (query.isSuccess && retried.current) {
      retried.current = false;
      toastSuccess(DETAIL_MESSAGES.loadedAfterRetry);
    }
  }, [query.isSuccess, query.dataUpdatedAt]);

  if (query.data) {
    return (
      <BookingDetail
        booking={query.data}
        refreshing={query.isFetching}
        onRefresh={() => void query.refetch()}
      />
    );
  }
  if (query.isError) {
    return <LoadError kind={loadErrorKind(query.error)} onRetry={() => void query.refetch()} />;
  }
  return <DetailLoading retryAttempt={query.failureCount} />;
}
