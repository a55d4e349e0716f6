import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import {
  ZEarningActivitiesResponse,
  ZEarningsResponse,
  ZWithdrawRequest,
  ZWithdrawResponse,
} from '../service-requests/service-request-schemas.js';
import {
  ZCreateMpesaPaymentHeaders,
  ZCreateMpesaPaymentRequest,
  ZCreateMpesaPaymentResponse,
  ZLedgerQuery,
  ZLedgerResponse,
  ZMpesaCallbackParams,
  ZMpesaCallbackResponse,
  ZMpesaResultParams,
  ZPaymentIdParams,
  ZPaymentStatusResponse,
} from './payments-schemas.js';
import { ZCreateSplitRequest, ZPayShareRequest, ZPayShareResponse, ZSplitResponse } from './split-schemas.js';

export const ZShareParams = ZPaymentIdParams.extend({ position: z.coerce.number().int().min(0).max(9) });
export const ZSplitTokenParams = z.object({ token: z.string().max(100) });
export const ZPushShareRequest = z
  .object({ phoneNumber: ZPayShareRequest.shape.phoneNumber.optional() })
  .optional();
export const ZCallbackTokenParams = z.object({ token: z.string() });

/**
 * M-Pesa payments of booking access fees (seed 001 §4 "Payment flow", §7 "Payments"; API-CONTRACT
 * decisions 7 and 8), splitting a fee between friends (issue 34), Daraja's callbacks (no API key: a
 * secret path token instead) and the operator's ledger (its own bearer token).
 */
export const paymentsContract = defineContract('payments', {
  payAccessFee: {
    method: 'POST',
    path: '/payments/mpesa',
    operationId: 'payAccessFee',
    summary: "Push an M-Pesa payment of a booking's access fee to a phone",
    access: 'customer',
    headers: ZCreateMpesaPaymentHeaders,
    body: ZCreateMpesaPaymentRequest,
    responses: { 201: ZCreateMpesaPaymentResponse },
    errors: [404, 409, 502, 504],
  },
  status: {
    method: 'GET',
    path: '/payments/:id/status',
    operationId: 'getPaymentStatus',
    summary: "A payment's status (the site polls it after the push)",
    access: 'customer',
    params: ZPaymentIdParams,
    responses: { 200: ZPaymentStatusResponse },
  },
  stkCallback: {
    method: 'POST',
    path: '/payments/mpesa/callback/:token',
    operationId: 'mpesaStkCallback',
    summary: "Daraja's STK push result (secret path token, no API key)",
    access: 'open',
    params: ZMpesaCallbackParams,
    responses: { 200: ZMpesaCallbackResponse },
    errors: [403],
  },
  resultCallback: {
    method: 'POST',
    path: '/payments/mpesa/result/:token/:requestId',
    operationId: 'mpesaResultCallback',
    summary: "Daraja's result of a reversal, refund or status request (secret path token)",
    access: 'open',
    params: ZMpesaResultParams,
    responses: { 200: ZMpesaCallbackResponse },
    errors: [403],
  },
  timeoutCallback: {
    method: 'POST',
    path: '/payments/mpesa/timeout/:token/:requestId',
    operationId: 'mpesaTimeoutCallback',
    summary: "Daraja's queue time-out of a reversal, refund or status request (secret path token)",
    access: 'open',
    params: ZMpesaResultParams,
    responses: { 200: ZMpesaCallbackResponse },
    errors: [403],
  },
  ledger: {
    method: 'GET',
    path: '/operator/ledger',
    operationId: 'getOperatorLedger',
    summary: "The operator's ledger over a period (OPERATOR_TOKEN bearer; 404 when unset)",
    access: 'open',
    query: ZLedgerQuery,
    responses: { 200: ZLedgerResponse },
    errors: [404],
  },
  createSplit: {
    method: 'POST',
    path: '/payments/splits',
    operationId: 'createSplit',
    summary: "Split a booking's access fee between friends",
    access: 'customer',
    body: ZCreateSplitRequest,
    responses: { 201: ZSplitResponse },
    errors: [404, 409],
  },
  split: {
    method: 'GET',
    path: '/payments/splits/:id',
    operationId: 'getSplit',
    summary: 'A split, as its organiser sees it',
    access: 'customer',
    params: ZPaymentIdParams,
    responses: { 200: ZSplitResponse },
  },
  pushShare: {
    method: 'POST',
    path: '/payments/splits/:id/shares/:position/push',
    operationId: 'pushSplitShare',
    summary: "Push one friend's share to their phone (the organiser)",
    access: 'customer',
    params: ZShareParams,
    body: ZPushShareRequest,
    responses: { 201: ZPayShareResponse },
    errors: [409, 502, 504],
  },
  splitByLink: {
    method: 'GET',
    path: '/payments/splits/link/:token',
    operationId: 'getSplitByLink',
    summary: 'A split, as the holder of a share link sees it',
    access: 'open',
    params: ZSplitTokenParams,
    responses: { 200: ZSplitResponse },
    errors: [404],
  },
  payShareByLink: {
    method: 'POST',
    path: '/payments/splits/link/:token/pay',
    operationId: 'paySplitShareByLink',
    summary: 'Pay a share from its link (M-Pesa push to the number given)',
    access: 'open',
    params: ZSplitTokenParams,
    body: ZPayShareRequest,
    responses: { 201: ZPayShareResponse },
    errors: [404, 409, 502, 504],
  },
});

/** Referral earnings (issue 12, API-CONTRACT decision 10): seed 001 §7 /users/earnings and /users/earning-activities. */
export const referralsContract = defineContract('referrals', {
  earnings: {
    method: 'GET',
    path: '/users/earnings',
    operationId: 'getEarnings',
    summary: "The customer's referral earnings and link",
    access: 'customer',
    responses: { 200: ZEarningsResponse },
  },
  activities: {
    method: 'GET',
    path: '/users/earning-activities',
    operationId: 'listEarningActivities',
    summary: "The customer's earning and withdrawal history",
    access: 'customer',
    responses: { 200: ZEarningActivitiesResponse },
  },
  withdraw: {
    method: 'POST',
    path: '/users/earnings/withdraw',
    operationId: 'withdrawEarnings',
    summary: 'Withdraw earnings to M-Pesa (202: the payout is under way)',
    access: 'customer',
    body: ZWithdrawRequest,
    responses: { 202: ZWithdrawResponse },
    errors: [409, 502],
  },
  payoutResult: {
    method: 'POST',
    path: '/users/earnings/withdrawals/mpesa/result/:token',
    operationId: 'withdrawalResultCallback',
    summary: "Daraja's B2C payout result (secret path token, no API key)",
    access: 'open',
    params: ZCallbackTokenParams,
    responses: { 200: ZMpesaCallbackResponse },
    errors: [403],
  },
  payoutTimeout: {
    method: 'POST',
    path: '/users/earnings/withdrawals/mpesa/timeout/:token',
    operationId: 'withdrawalTimeoutCallback',
    summary: "Daraja's B2C queue time-out (secret path token, no API key)",
    access: 'open',
    params: ZCallbackTokenParams,
    responses: { 200: ZMpesaCallbackResponse },
    errors: [403],
  },
});
