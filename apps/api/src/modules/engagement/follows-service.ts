import { ENGAGEMENT_MESSAGES } from '@d3/shared/engagement/engagement-schemas';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import { lockStore, STORE_NOT_FOUND, setStoreCounters, storesByIds } from '../stores/stores-service.js';
import type { Executor } from './engagement-repository.js';
import * as repository from './engagement-repository.js';

/** Recounts stores.followers from the follow rows (caller holds the store lock). */
export async function refreshFollowers(tx: Executor, storeId: string): Promise<number> {
  const followers = await repository.countStoreFollowers(tx, storeId);
  await setStoreCounters(tx, storeId, { followers });
  return followers;
}

/**
 * Follows or unfollows. The store row is locked first, so toggles on one store run one after
 * another and stores.followers is recounted from the follow rows in the same transaction.
 */
export async function toggleFollow(db: Db, userId: string, storeId: string) {
  return db.transaction(async (tx) => {
    if (!(await lockStore(tx, storeId))) throw new AppError('NOT_FOUND', STORE_NOT_FOUND);
    const unfollowed = await repository.deleteFollow(tx, userId, storeId);
    if (!unfollowed) await repository.insertFollow(tx, userId, storeId);
    const followers = await refreshFollowers(tx, storeId);
    return {
      following: !unfollowed,
      followers,
      message: unfollowed ? ENGAGEMENT_MESSAGES.unfollowed : ENGAGEMENT_MESSAGES.followed,
    };
  });
}

/** For the store profile: does this customer follow the store? (stores module calls this.) */
export function isFollowingStore(db: Db, userId: string, storeId: string): Promise<boolean> {
  return repository.isFollowing(db, userId, storeId);
}

/** Followed stores as store cards, most recently followed first. */
export async function followedStores(db: Db, userId: string) {
  return storesByIds(db, await repository.followedStoreIds(db, userId));
}

export function followedStoreIds(db: Db, userId: string) {
  return repository.followedStoreIds(db, userId);
}

/** The ids of a store's followers (merchant broadcasts notify them). */
export function storeFollowerIds(db: Db, storeId: string) {
  return repository.storeFollowerIds(db, storeId);
}
