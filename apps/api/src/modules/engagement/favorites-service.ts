import { paginationFor } from '@d3/shared/catalogue/catalogue-schemas';
import {
  ENGAGEMENT_MESSAGES,
  type TFavorite,
  type TFavoritesQuery,
} from '@d3/shared/engagement/engagement-schemas';
import type { Db } from '../../db/client.js';
import { assertOfferExists, offersByIds } from '../offers/offers-service.js';
import * as repository from './engagement-repository.js';

type FavoriteRow = Awaited<ReturnType<typeof repository.allFavorites>>[number];

function toFavorite(row: FavoriteRow, offer: TFavorite['offer']): TFavorite {
  const createdAt = row.createdAt.toISOString();
  return { id: row.id, offer_id: row.offerId, offerId: row.offerId, created_at: createdAt, createdAt, offer };
}

/**
 * The customer's favourites, newest first, expired offers included (`offer.isExpired` drives the
 * page's Expired overlay). A category filter is applied by the offers module before paging.
 */
export async function listFavorites(db: Db, userId: string, query: TFavoritesQuery) {
  const offset = (query.page - 1) * query.limit;
  let rows: FavoriteRow[];
  let total: number;
  let offers: Awaited<ReturnType<typeof offersByIds>>;
  if (query.category) {
    const all = await repository.allFavorites(db, userId);
    offers = await offersByIds(
      db,
      all.map((row) => row.offerId),
      query.category,
    );
    const matching = all.filter((row) => offers.has(row.offerId));
    total = matching.length;
    rows = matching.slice(offset, offset + query.limit);
  } else {
    [rows, total] = await Promise.all([
      repository.favoritePage(db, userId, query.limit, offset),
      repository.countFavorites(db, userId),
    ]);
    offers = await offersByIds(
      db,
      rows.map((row) => row.offerId),
    );
  }
  const favorites = rows.flatMap((row) => {
    const offer = offers.get(row.offerId);
    return offer ? [toFavorite(row, offer)] : [];
  });
  return { favorites, pagination: paginationFor(query.page, query.limit, total) };
}

export function favoriteOfferIds(db: Db, userId: string) {
  return repository.favoriteOfferIds(db, userId);
}

export function countFavorites(db: Db, userId: string) {
  return repository.countFavorites(db, userId);
}

/** Adding twice is a success: `added` false means it was already there. */
export async function addFavorite(db: Db, userId: string, offerId: string) {
  await assertOfferExists(db, offerId);
  const added = await repository.insertFavorite(db, userId, offerId);
  return {
    added,
    message: added ? ENGAGEMENT_MESSAGES.favoriteAdded : ENGAGEMENT_MESSAGES.favoriteAlready,
  };
}

export async function removeFavorite(db: Db, userId: string, offerId: string) {
  await assertOfferExists(db, offerId);
  const removed = await repository.deleteFavorite(db, userId, offerId);
  return { message: removed ? ENGAGEMENT_MESSAGES.favoriteRemoved : ENGAGEMENT_MESSAGES.favoriteNotThere };
}

export async function favoriteStatus(db: Db, userId: string, offerId: string): Promise<boolean> {
  await assertOfferExists(db, offerId);
  return repository.isFavorite(db, userId, offerId);
}

/** Flips the favourite; toggles of one pair run one after another, so each sees the last result. */
export async function toggleFavorite(db: Db, userId: string, offerId: string) {
  await assertOfferExists(db, offerId);
  const isFavorite = await db.transaction(async (tx) => {
    await repository.lockFavoritePair(tx, userId, offerId);
    if (await repository.deleteFavorite(tx, userId, offerId)) return false;
    await repository.insertFavorite(tx, userId, offerId);
    return true;
  });
  return {
    isFavorite,
    message: isFavorite ? ENGAGEMENT_MESSAGES.favoriteAdded : ENGAGEMENT_MESSAGES.favoriteRemoved,
  };
}
