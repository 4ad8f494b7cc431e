import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { PREFIXES, type StaffMemberDetail } from "@winery/domain";
import { SelectInput, TextInput } from "../../components/fields";
import { fieldErrorsOf, unplacedErrors } from "../../lib/field-errors";
import { useTiers } from '../tiers/tiers.api';
import type { MemberBody } from "./members.api";

const FIELDS = [
  "prefix",
  "firstName",
  "lastName",
  "email",
  "phone",
  "dateOfBirth",
  "company",
  "tierId",
  "memberSince",
];

/** A member's profile as staff enter it; what was typed stays when the API refuses a field. */
export function MemberForm({
  member,
  busy,
  error,
  submitLabel,
  onSubmit,
  onCancel,
  readOnly = false,
}: {
  member?: StaffMemberDetail;
  /** A viewer: the fields shown, nothing to send. */
  readOnly?: boolean;
  busy: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (body: MemberBody) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("staff");
  const tiers = useTiers();
  const [body, setBody] = useState<MemberBody>({
    prefix: member?.prefix ?? "",
    firstName: member?.firstName ?? "",
    lastName: member?.lastName ?? "",
    email: member?.email ?? "",
    phone: member?.phone ?? "",
    dateOfBirth: member?.dateOfBirth ?? "",
    company: member?.company ?? "",
    tierId: member?.tierId ?? null,
    memberSince: member?.memberSince ?? "",
  });
  const set = (key: keyof MemberBody) => (value: string) =>
    setBody((current) => ({ ...current, [key]: value }));
  const errors = fieldErrorsOf(error);
  const others = unplacedErrors(errors, (path) => FIELDS.includes(path));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ ...body, email: body.email.trim() });
  };

  return (
    <form
      className="staff-form"
      onSubmit={submit}
      noValidate
      aria-label={t("members.formLabel")}
    >
      {error ? (
        <div className="staff-form__error" role="alert">
          {Object.keys(errors).length > 0
            ? t("states.fixErrors")
            : t("states.saveFailed")}
          {others.length > 0 ? (
            <ul>
              {others.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <fieldset disabled={readOnly}>
        <div className="staff-grid">
          <SelectInput
            id="member-prefix"
            label={t("members.fields.prefix")}
            value={body.prefix}
            onChange={set("prefix")}
            options={[
              { value: "", label: t("members.noPrefix") },
              ...PREFIXES.map((value) => ({ value, label: value })),
            ]}
            error={errors.prefix}
          />
          <TextInput
            id="member-first-name"
            label={t("members.fields.firstName")}
            value={body.firstName}
            onChange={set("firstName")}
            autoComplete="off"
            error={errors.firstName}
          />
          <TextInput
            id="member-last-name"
            label={t("members.fields.lastName")}
            value={body.lastName}
            onChange={set("lastName")}
            autoComplete="off"
            error={errors.lastName}
          />
          <TextInput
            id="member-email"
            type="email"
            label={t("members.fields.email")}
            value={body.email}
            onChange={set("email")}
            autoComplete="off"
            error={errors.email}
          />
          <TextInput
            id="member-phone"
            type="tel"
            label={t("members.fields.phone")}
            value={body.phone}
            onChange={set("phone")}
            autoComplete="off"
            error={errors.phone}
          />
          <TextInput
            id="member-company"
            label={t("members.fields.company")}
            value={body.company}
            onChange={set("company")}
            autoComplete="off"
            error={errors.company}
          />
          <TextInput
            id="member-birth"
            type="date"
            label={t("members.fields.dateOfBirth")}
            value={body.dateOfBirth}
            onChange={set("dateOfBirth")}
            error={errors.dateOfBirth}
          />
          <SelectInput
            id="member-tier-field"
            label={t("members.fields.tier")}
            value={body.tierId ?? ""}
            onChange={(value) =>
              setBody((current) => ({ ...current, tierId: value || null }))
            }
            options={[
              { value: "", label: t("members.noTier") },
              ...(tiers.data ?? []).map((tier) => ({
                value: tier.id,
                label: tier.name,
              })),
            ]}
            error={errors.tierId}
          />
          <TextInput
            id="member-since"
            type="date"
            label={t("members.fields.memberSince")}
            value={body.memberSince}
            onChange={set("memberSince")}
            error={errors.memberSince}
          />
        </div>
      </fieldset>
      {readOnly ? null : (
        <div className="staff-form__footer">
          <button
            type="submit"
            className="button button--primary"
            disabled={busy}
            aria-busy={busy}
          >
            <span className="button__spinner" aria-hidden="true" />
            {submitLabel}
          </button>
          {onCancel ? (
            <button
              type="button"
              className="button button--quiet"
              onClick={onCancel}
            >
              {t("actions.cancel")}
            </button>
          ) : null}
        </div>
      )}
    </form>
  );
}
