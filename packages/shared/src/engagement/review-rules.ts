/**
 * How a reviewer is named in public: first name and the initial of the last name ("Amina N."),
 * never the e-mail. An erased account shows as 'Former customer'.
 */
export function reviewerName(firstName: string, lastName: string, deleted = false): string {
  if (deleted) return 'Former customer';
  const first = firstName.trim();
  const initial = Array.from(lastName.trim())[0]?.toLocaleUpperCase('en-KE');
  if (!first) return initial ? `${initial}.` : 'Customer';
  return initial ? `${first} ${initial}.` : first;
}

/** Average of 1–5 star ratings rounded to 2 decimals; 0 without ratings. */
export function averageRating(ratings: readonly number[]): number {
  if (!ratings.length) return 0;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return Math.round((sum / ratings.length) * 100) / 100;
}
