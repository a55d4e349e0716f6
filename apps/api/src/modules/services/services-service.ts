import type { TCreateServiceRequest, TUpdateServiceRequest } from '@d3/shared/catalogue/catalogue-requests';
import { paginationFor, type TService, type TServiceListQuery } from '@d3/shared/catalogue/catalogue-schemas';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import {
  assertStoreOwner,
  ownedByMerchant,
  resolveCategory,
  toIso,
  toNumber,
  toStoreSummary,
} from '../stores/stores-service.js';
import type { ServiceRow } from './services-repository.js';
import * as repository from './services-repository.js';

export const SERVICE_NOT_FOUND = 'Service not found';

export function toService(row: ServiceRow): TService {
  const { service } = row;
  const image = service.imageUrl ?? service.images[0] ?? null;
  return {
    id: service.id,
    storeId: service.storeId,
    name: service.name,
    description: service.description,
    type: service.type,
    price: service.price === null ? null : toNumber(service.price),
    price_range: service.priceRange,
    priceRange: service.priceRange,
    duration: service.duration,
    images: service.images,
    image_url: image,
    imageUrl: image,
    featured: service.featured,
    category: service.category,
    booking_enabled: service.bookingEnabled,
    auto_confirm_bookings: service.autoConfirmBookings,
    require_prepayment: service.requirePrepayment,
    consultation_required: service.consultationRequired,
    features: service.features,
    requirements: service.requirements,
    cancellation_policy: service.cancellationPolicy,
    min_cancellation_hours: service.minCancellationHours,
    allow_early_checkin: service.allowEarlyCheckin,
    early_checkin_minutes: service.earlyCheckinMinutes,
    maxConcurrentBookings: service.maxConcurrentBookings,
    max_concurrent_bookings: service.maxConcurrentBookings,
    createdAt: toIso(service.createdAt),
    store: toStoreSummary({ ...row, storeId: service.storeId }),
  };
}

export async function listServices(db: Db, query: TServiceListQuery) {
  const rows = await repository.listServices(db, query);
  const total = rows[0]?.total ?? (query.page > 1 ? await repository.countServices(db, query) : 0);
  return { services: rows.map(toService), pagination: paginationFor(query.page, query.limit, total) };
}

export async function getService(db: Db, serviceId: string): Promise<TService> {
  const row = await repository.findService(db, serviceId);
  if (!row) throw new AppError('NOT_FOUND', SERVICE_NOT_FOUND);
  return toService(row);
}

async function serviceValues(
  db: Db,
  body: TUpdateServiceRequest,
): Promise<Partial<repository.ServiceInsert>> {
  const values: Partial<repository.ServiceInsert> = {};
  const direct = {
    name: 'name',
    description: 'description',
    type: 'type',
    price_range: 'priceRange',
    duration: 'duration',
    image_url: 'imageUrl',
    images: 'images',
    featured: 'featured',
    booking_enabled: 'bookingEnabled',
    auto_confirm_bookings: 'autoConfirmBookings',
    require_prepayment: 'requirePrepayment',
    consultation_required: 'consultationRequired',
    features: 'features',
    requirements: 'requirements',
    cancellation_policy: 'cancellationPolicy',
    min_cancellation_hours: 'minCancellationHours',
    allow_early_checkin: 'allowEarlyCheckin',
    early_checkin_minutes: 'earlyCheckinMinutes',
    max_concurrent_bookings: 'maxConcurrentBookings',
  } as const satisfies Partial<Record<keyof TUpdateServiceRequest, keyof repository.ServiceInsert>>;
  for (const [from, to] of Object.entries(direct) as Array<
    [keyof typeof direct, (typeof direct)[keyof typeof direct]]
  >) {
    if (body[from] !== undefined) Object.assign(values, { [to]: body[from] });
  }
  if (body.price !== undefined) values.price = body.price === null ? null : body.price.toFixed(2);
  if (body.category !== undefined) values.category = await resolveCategory(db, body.category);
  return values;
}

export async function createService(db: Db, merchantId: string, body: TCreateServiceRequest) {
  await assertStoreOwner(db, body.storeId, merchantId);
  const values = await serviceValues(db, body);
  const serviceId = await repository.insertService(db, {
    ...values,
    storeId: body.storeId,
    name: body.name,
    category: values.category!,
  });
  return getService(db, serviceId);
}

async function ownedService(db: Db, merchantId: string, serviceId: string) {
  return ownedByMerchant(await repository.findServiceOwner(db, serviceId), merchantId, SERVICE_NOT_FOUND);
}

export async function updateService(
  db: Db,
  merchantId: string,
  serviceId: string,
  body: TUpdateServiceRequest,
) {
  const current = await ownedService(db, merchantId, serviceId);
  const type = body.type ?? current.type;
  const price = body.price === undefined ? current.price : body.price;
  if (type === 'fixed' && (price === null || price === undefined)) {
    throw new AppError('VALIDATION_ERROR', 'Price is required for a fixed-price service', {
      price: 'Price is required for a fixed-price service',
    });
  }
  await repository.updateService(db, serviceId, await serviceValues(db, body));
  return getService(db, serviceId);
}

export async function deleteService(db: Db, merchantId: string, serviceId: string) {
  await ownedService(db, merchantId, serviceId);
  await repository.deleteService(db, serviceId);
}
