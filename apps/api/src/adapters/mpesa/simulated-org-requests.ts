import { randomBytes, randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  ALREADY_REVERSED_CODE,
  darajaTimestamp,
  REMARKS_MAX,
  REMARKS_MIN,
  REVERSAL_RECEIVER_IDENTIFIER_TYPE,
  REVERSAL_RESULT_DESCRIPTIONS,
  SHORTCODE_IDENTIFIER_TYPE,
  type TDarajaResult,
  type TOrgRequest,
  TRANSACTION_COMPLETED,
  type ZReversalRequest,
  type ZTransactionStatusRequest,
} from './daraja-wire.js';
import {
  type AnswerContext,
  badRequest,
  completeTransaction,
  isHttpUrl,
  MAX_AMOUNT,
  type SimulatedOrgRequest,
  type SimulatedTransaction,
  type SimulatorReply,
} from './mpesa-simulator-state.js';

/**
 * Reversal and Transaction Status (issue 34) as Daraja plays them: the checks of a request, the
 * request it accepts, and the result it posts to the ResultURL, built from the transactions the
 * simulator has completed.
 */

/** CommandID TransactionReversal, RecieverIdentifierType 11, the receiving short code, receipt, amount. */
export function reversalRefusal(
  request: z.output<typeof ZReversalRequest>,
  shortcode: string,
): SimulatorReply | undefined {
  if (request.CommandID !== 'TransactionReversal') return badRequest('Bad Request - Invalid CommandID');
  if (request.RecieverIdentifierType !== REVERSAL_RECEIVER_IDENTIFIER_TYPE) {
    return badRequest('Bad Request - Invalid RecieverIdentifierType');
  }
  if (request.ReceiverParty !== shortcode) return badRequest('Bad Request - Invalid ReceiverParty');
  if (!/^[A-Z0-9]{10}$/.test(request.TransactionID)) return badRequest('Bad Request - Invalid TransactionID');
  const amount = Number(request.Amount);
  if (!Number.isInteger(amount) || amount < 1 || amount > MAX_AMOUNT)
    return badRequest('Bad Request - Invalid Amount');
  return undefined;
}

export function transactionStatusRefusal(
  request: z.output<typeof ZTransactionStatusRequest>,
  shortcode: string,
): SimulatorReply | undefined {
  if (request.CommandID !== 'TransactionStatusQuery') return badRequest('Bad Request - Invalid CommandID');
  if (!request.TransactionID && !request.OriginalConversationID) {
    return badRequest('Bad Request - Invalid TransactionID');
  }
  if (request.PartyA !== shortcode) return badRequest('Bad Request - Invalid PartyA');
  if (request.IdentifierType !== SHORTCODE_IDENTIFIER_TYPE)
    return badRequest('Bad Request - Invalid IdentifierType');
  return undefined;
}

/** What Reversal and Transaction Status share: 2-100 character Remarks, ResultURL, QueueTimeOutURL. */
export function orgRequestRefusal(wire: TOrgRequest): SimulatorReply | undefined {
  if (wire.Remarks.length < REMARKS_MIN || wire.Remarks.length > REMARKS_MAX)
    return badRequest('Bad Request - Invalid Remarks');
  if (!isHttpUrl(wire.ResultURL)) return badRequest('Bad Request - Invalid ResultURL');
  if (!isHttpUrl(wire.QueueTimeOutURL)) return badRequest('Bad Request - Invalid QueueTimeOutURL');
  return undefined;
}

/**
 * An accepted request with its conversation ids; its initiator is checked now and told in the
 * result (Daraja answers a wrong one with result 2001, not at once).
 */
export function newOrgRequest(
  wire: TOrgRequest,
  expectedInitiator: { name: string; credential: string } | undefined,
  fields: Pick<SimulatedOrgRequest, 'kind' | 'transactionId' | 'originalConversationId' | 'amount'>,
  now: Date,
): SimulatedOrgRequest {
  return {
    ...fields,
    resultUrl: wire.ResultURL,
    timeoutUrl: wire.QueueTimeOutURL,
    initiatorValid:
      !expectedInitiator ||
      (expectedInitiator.name === wire.Initiator && expectedInitiator.credential === wire.SecurityCredential),
    conversationId: `AG_${darajaTimestamp(now)}_${randomBytes(10).toString('hex')}`,
    originatorConversationId: `${randomBytes(2).toString('hex')}-${randomBytes(2).toString('hex')}-${randomBytes(8).toString('hex')}${randomInt(1000, 9999)}`,
    createdAt: now,
    resultCode: undefined,
    result: undefined,
  };
}

export function orgRequestAccepted(request: SimulatedOrgRequest): SimulatorReply {
  return {
    status: 200,
    body: {
      OriginatorConversationID: request.originatorConversationId,
      ConversationID: request.conversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    },
  };
}

type OrgResult = TDarajaResult['Result'];

const REASON_TYPES: Record<SimulatedTransaction['kind'], string> = {
  stk: 'Pay Bill Online',
  b2c: 'Business Payment to Customer via API',
  reversal: 'Reversal',
};

/** What every result starts with: the request's conversation ids. */
function resultIds(request: SimulatedOrgRequest) {
  return {
    ResultType: 0,
    OriginatorConversationID: request.originatorConversationId,
    ConversationID: request.conversationId,
  };
}

/** The reversal's outcome, applied: the original payment is marked reversed and a receipt made. */
export function reversalResult(request: SimulatedOrgRequest, context: AnswerContext): OrgResult {
  const base = resultIds(request);
  const original = context.transactions.get(request.transactionId!);
  const refusal = !request.initiatorValid
    ? '2001'
    : (context.refuseReversalsWith ??
      (original?.kind !== 'stk' || original.amount !== request.amount
        ? 'R000002'
        : original.reversedBy
          ? ALREADY_REVERSED_CODE
          : undefined));
  if (refusal) {
    return {
      ...base,
      ResultCode: refusal,
      ResultDesc: REVERSAL_RESULT_DESCRIPTIONS[refusal] ?? 'The service request has failed',
      TransactionID: `${request.transactionId!.slice(0, 3)}0000000`,
    };
  }
  const now = context.now();
  const receipt = completeTransaction(context, {
    kind: 'reversal',
    amount: original!.amount,
    phoneNumber: original!.phoneNumber,
    originatorConversationId: request.originatorConversationId,
    conversationId: request.conversationId,
    reverses: original!.receipt,
  });
  original!.reversedBy = receipt;
  return {
    ...base,
    ResultCode: 0,
    ResultDesc: 'The service request is processed successfully.',
    TransactionID: receipt,
    ResultParameters: {
      ResultParameter: [
        { Key: 'DebitAccountBalance', Value: 'Utility Account|KES|7722179.62|7722179.62|0.00|0.00' },
        { Key: 'Amount', Value: original!.amount },
        { Key: 'TransCompletedTime', Value: Number(darajaTimestamp(now)) },
        { Key: 'OriginalTransactionID', Value: original!.receipt },
        { Key: 'Charge', Value: 0 },
        { Key: 'CreditPartyPublicName', Value: `${original!.phoneNumber} - Customer` },
        { Key: 'DebitPartyPublicName', Value: `${context.shortcode} - D3 Deals` },
      ],
    },
  };
}

/** What M-Pesa knows of the receipt or request asked about. */
export function statusResult(request: SimulatedOrgRequest, context: AnswerContext): OrgResult {
  const base = {
    ...resultIds(request),
    TransactionID: `${randomBytes(2).toString('hex').toUpperCase().slice(0, 3)}0000000`,
  };
  if (!request.initiatorValid) {
    return { ...base, ResultCode: 2001, ResultDesc: 'The initiator information is invalid.' };
  }
  const found = request.transactionId
    ? context.transactions.get(request.transactionId)
    : [...context.transactions.values()].find(
        (entry) => entry.originatorConversationId === request.originalConversationId,
      );
  if (!found) {
    return { ...base, ResultCode: 'R000002', ResultDesc: REVERSAL_RESULT_DESCRIPTIONS.R000002! };
  }
  const payer = found.kind === 'stk' ? `${found.phoneNumber} - Customer` : `${context.shortcode} - D3 Deals`;
  const payee = found.kind === 'stk' ? `${context.shortcode} - D3 Deals` : `${found.phoneNumber} - Customer`;
  return {
    ...base,
    ResultCode: 0,
    ResultDesc: 'The service request is processed successfully.',
    ResultParameters: {
      ResultParameter: [
        { Key: 'DebitPartyName', Value: payer },
        { Key: 'CreditPartyName', Value: payee },
        { Key: 'OriginatorConversationID', Value: found.originatorConversationId ?? '' },
        { Key: 'InitiatedTime', Value: darajaTimestamp(found.completedAt) },
        {
          Key: 'DebitAccountType',
          Value: found.kind === 'stk' ? 'MMF Account For Customer' : 'Utility Account',
        },
        { Key: 'ReasonType', Value: REASON_TYPES[found.kind] },
        { Key: 'TransactionStatus', Value: TRANSACTION_COMPLETED },
        { Key: 'FinalisedTime', Value: darajaTimestamp(found.completedAt) },
        { Key: 'Amount', Value: found.amount },
        { Key: 'ConversationID', Value: found.conversationId ?? '' },
        { Key: 'ReceiptNo', Value: found.receipt },
      ],
    },
  };
}
