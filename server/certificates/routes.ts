import { z } from 'zod';
import { IdParamSchema } from '#shared/common';
import {
  CERTIFICATE_MSG,
  CertificateCodeParamsSchema,
  CertificateShareSchema,
  VerificationSchema,
  VerifyParamsSchema,
} from '#shared/certificates';
import { todayIn } from '#shared/dates';
import { announceAudit } from '../audit/record.ts';
import { depsOf } from '../deps.ts';
import { AppError } from '../errors.ts';
import { currentUser } from '../lib/caller.ts';
import { isStaff } from '../lib/policy.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { codeForCertificate, listShares, liveCode, shareCertificate, verifyUrl, withdrawCertificate } from './codes.ts';
import { certificatePdf } from './pdf.ts';
import { certificateRecord } from './record.ts';

/** A file name made of the pet's name's letters and digits (any script), for Content-Disposition. */
function fileNameOf(petName: string): { ascii: string; utf8: string } {
  const base = `${petName.replace(/[^\p{L}\p{N}\p{M}]+/gu, '-').replace(/^-+|-+$/g, '') || 'pet'}-vaccination-certificate.pdf`;
  const ascii = base.replace(/[^A-Za-z0-9.-]+/g, '') || 'vaccination-certificate.pdf';
  return { ascii: ascii.startsWith('-') ? `pet${ascii}` : ascii, utf8: encodeURIComponent(base) };
}

/**
 * A pet's vaccination certificate (decision 052): the PDF (owner and staff), the owner's shared links, and the
 * public verification of a code.
 */
export default routes((app) => {
  const deps = depsOf(app);

  app.get(
    '/api/pets/:id/certificate',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['certificates'],
        summary:
          "The pet's vaccination certificate as a PDF (its owner and staff). Its QR code opens the verification page of the pet's newest shared link, made now when there is none; staff printing is in the audit log",
        ...secured,
        params: IdParamSchema,
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      if (!isStaff(me)) await app.limits.enforce('certificate', me.id, reply, CERTIFICATE_MSG.tooManyRequests);
      const { pet, code, audit } = await codeForCertificate(deps, me, request.params.id);
      announceAudit(deps, audit);
      const record = await certificateRecord(deps.db, deps.config, pet.id);
      const pdf = await certificatePdf(record, {
        verifyUrl: verifyUrl(deps.config, code.code),
        issuedOn: todayIn(deps.config.CLINIC_TZ),
      });
      const name = fileNameOf(record.pet.name);
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${name.ascii}"; filename*=UTF-8''${name.utf8}`)
        .send(pdf);
    },
  );

  app.get(
    '/api/pets/:id/certificate/shares',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['certificates'],
        summary: "The pet's certificate links not withdrawn, newest first (its owner and staff)",
        ...secured,
        params: IdParamSchema,
        response: { 200: z.array(CertificateShareSchema), ...errorReplies(401, 404) },
      },
    },
    async (request) => listShares(deps, currentUser(request), request.params.id),
  );

  app.post(
    '/api/pets/:id/certificate/share',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['certificates'],
        summary:
          "Share the pet's certificate: a new link to its verification page (the owner; at most 5 not withdrawn, 409 past that)",
        ...secured,
        params: IdParamSchema,
        response: { 201: CertificateShareSchema, ...errorReplies(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      await app.limits.enforce('certificate', me.id, reply, CERTIFICATE_MSG.tooManyRequests);
      const { share, audit } = await shareCertificate(deps, me, request.params.id);
      announceAudit(deps, audit);
      return reply.status(201).send(share);
    },
  );

  app.delete(
    '/api/pets/:id/certificate/share/:code',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['certificates'],
        summary:
          'Withdraw a shared link (the owner): its verification page answers "not valid" from now on, the QR codes of PDFs carrying it too. Answers the links left',
        ...secured,
        params: CertificateCodeParamsSchema,
        response: { 200: z.array(CertificateShareSchema), ...errorReplies(401, 403, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const audit = await withdrawCertificate(deps, me, request.params.id, request.params.code);
      announceAudit(deps, audit);
      return listShares(deps, me, request.params.id);
    },
  );

  app.get(
    '/api/verify/:code',
    {
      schema: {
        tags: ['certificates'],
        summary:
          "Anyone with a certificate's code: the certificate as it stands now (the pet, its doses, the clinic; nothing about the owner). 404 for a withdrawn, unknown or forged code",
        params: VerifyParamsSchema,
        response: { 200: VerificationSchema, ...errorReplies(404, 429) },
      },
    },
    async (request, reply) => {
      const code = await liveCode(deps.db, request.params.code);
      if (!code) throw new AppError(404, 'NOT_FOUND', CERTIFICATE_MSG.notFound);
      const record = await certificateRecord(deps.db, deps.config, code.petId);
      reply.header('cache-control', 'no-store');
      return {
        valid: true as const,
        pet: record.pet,
        doses: record.doses,
        issuedAt: code.createdAt.toISOString(),
        asOf: record.asOf,
        clinic: record.clinic,
      };
    },
  );
});
