import { useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  Button,
  callKey,
  calls,
  type Deployment,
  failureKey,
  ID_TYPES,
  idNumberIssue,
  type IdType,
  OfflineNote,
  PageHeader,
  type RealName,
  REAL_NAME_STATUS,
  Spinner,
  TextField,
  toast,
  useCall,
  useCallMutation,
  useOnline,
  useQueryClient,
  WithDeployment,
} from '@invest/shared';
import { useUploadedImage } from '@invest/shared/uploads';
import { RealNameInput } from '@invest/shared/forms';
import { PhotoPicker, type Photo } from './PhotoPicker';
import s from './realName.module.css';

/** The ID type labels of the deployment: INR names the Indian documents (Aadhaar, PAN). */
const typeLabel = (d: Deployment, type: IdType) => `accountSecurity.realName.${d.currency === 'INR' ? 'typesInr' : 'types'}.${type}`;

/**
 * /settings/real-name. The verification state is asked for before the form shows, and the form shows even if that
 * fails. Under review (1) and approved (2): the submission, read-only under the spec's stamp, not scrollable.
 * None or rejected (3, with the operator's reason): the form; a successful submit goes back.
 */
export function RealNamePage() {
  const { t } = useTranslation('account');
  const state = useCall(calls.realNameState);
  const current = state.data ?? null;
  const stamped = current?.status === REAL_NAME_STATUS.review || current?.status === REAL_NAME_STATUS.approved;
  return (
    <>
      <PageHeader title={t('titles.realName')} back />
      {state.isLoading ? (
        <Spinner />
      ) : (
        <WithDeployment>
          {(d) =>
            stamped && current ? (
              <Stamped deployment={d} submission={current} />
            ) : (
              <RealNameForm deployment={d} rejected={current?.status === REAL_NAME_STATUS.rejected ? current : null} stateFailed={state.isError} />
            )
          }
        </WithDeployment>
      )}
    </>
  );
}

function RealNameForm({ deployment, rejected, stateFailed }: { deployment: Deployment; rejected: RealName | null; stateFailed: boolean }) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const online = useOnline();
  const navigate = useNavigate();
  // Back to where the user came from; opened by its address, back to settings.
  const opened = useLocation().key === 'default';
  const [name, setName] = useState(rejected?.real_name ?? '');
  const [type, setType] = useState<IdType>(rejected?.id_type ?? 'idCard');
  const [idNumber, setIdNumber] = useState('');
  const [front, setFront] = useState<Photo | null>(null);
  const [back, setBack] = useState<Photo | null>(null);
  const [touched, setTouched] = useState({ name: false, idNumber: false });
  const [failure, setFailure] = useState<string | null>(null);
  const idIssue = idNumberIssue(deployment.currency, type, idNumber);
  // The contract's rules, as the API checks them: the deployment's ID rule, the name's length and characters.
  const nameCheck = RealNameInput.shape.real_name.safeParse(name);
  const nameIssue = nameCheck.success ? null : (nameCheck.error.issues[0]?.message ?? 'invalidInput');
  const valid = !idIssue && !nameIssue && front !== null && back !== null;

  const add = useCallMutation(calls.realNameAdd, {
    onSuccess: () => {
      toast(t('accountSecurity.realName.success'), 'success');
      void client.invalidateQueries({ queryKey: callKey(calls.realNameState) });
      if (opened) navigate('/settings', { replace: true });
      else navigate(-1);
    },
    onError: (e) => setFailure(t(failureKey(e, 'accountSecurity.realName.failed'))),
  });
  const submit = () => {
    if (!valid || add.isPending || !online) return;
    add.mutate({ real_name: name.trim(), id_type: type, id_number: idNumber, id_number_img: front.url, id_number_img_two: back.url });
  };

  return (
    <form className={s.form} noValidate onSubmit={(e) => (e.preventDefault(), submit())} data-testid="real-name-form">
      <OfflineNote />
      {stateFailed && <p className={s.notice}>{t('accountSecurity.realName.stateFailed')}</p>}
      {rejected ? (
        <p className={s.rejected} role="status" data-testid="real-name-rejected">
          {t('accountSecurity.realName.rejected', { reason: rejected.reject_reason ?? '' })} {t('accountSecurity.realName.rejectedAgain')}
        </p>
      ) : (
        <p className={s.notice}>{t('accountSecurity.realName.intro')}</p>
      )}
      <TextField
        name="real_name"
        label={t('accountSecurity.realName.name')}
        value={name}
        onChange={(v) => (setName(v), setFailure(null))}
        onBlur={() => setTouched((p) => ({ ...p, name: true }))}
        error={touched.name && nameIssue ? t(`hint.${nameIssue}`) : null}
        autoComplete="name"
        maxLength={100}
      />
      <div className={s.field}>
        <label className={s.label} htmlFor="real-name-id-type">
          {t('accountSecurity.realName.idType')}
        </label>
        <select id="real-name-id-type" className={s.select} value={type} onChange={(e) => setType(e.target.value as IdType)}>
          {ID_TYPES.map((v) => (
            <option key={v} value={v}>
              {t(typeLabel(deployment, v))}
            </option>
          ))}
        </select>
      </div>
      <TextField
        name="id_number"
        label={t('accountSecurity.realName.idNumber')}
        value={idNumber}
        onChange={(v) => (setIdNumber(v.toUpperCase()), setFailure(null))}
        onBlur={() => setTouched((p) => ({ ...p, idNumber: true }))}
        error={touched.idNumber && idIssue ? t(`hint.${idIssue}`) : null}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
      />
      <div className={s.photos}>
        <PhotoPicker name="front" label={t('accountSecurity.realName.front')} photo={front} onChange={setFront} disabled={!online} />
        <PhotoPicker name="back" label={t('accountSecurity.realName.back')} photo={back} onChange={setBack} disabled={!online} />
      </div>
      <p className={s.hint}>{(!front || !back) && (touched.name || touched.idNumber) ? t('hint.idPhotoRequired') : t('accountSecurity.realName.photoHint')}</p>
      {failure && (
        <p className={s.error} role="alert" data-testid="real-name-failed">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={!valid || !online} busy={add.isPending} data-testid="real-name-submit">
        {t('accountSecurity.realName.submit')}
      </Button>
    </form>
  );
}

/** A submission under review or approved: what was sent, read-only, under the stamp; the page does not scroll. */
function Stamped({ deployment, submission }: { deployment: Deployment; submission: RealName }) {
  const { t } = useTranslation('account');
  const approved = submission.status === REAL_NAME_STATUS.approved;
  const front = useUploadedImage(submission.id_number_img).data;
  const back = useUploadedImage(submission.id_number_img_two).data;
  return (
    <div className={s.stamped} data-testid="real-name-stamped" data-status={submission.status}>
      <div className={s.form} inert>
        <p className={s.notice}>{t(approved ? 'accountSecurity.realName.approvedNote' : 'accountSecurity.realName.reviewNote')}</p>
        <dl className={s.summary}>
          <div>
            <dt>{t('accountSecurity.realName.name')}</dt>
            <dd>{submission.real_name}</dd>
          </div>
          <div>
            <dt>{t('accountSecurity.realName.idType')}</dt>
            <dd>{t(typeLabel(deployment, submission.id_type))}</dd>
          </div>
          <div>
            <dt>{t('accountSecurity.realName.idNumberMasked')}</dt>
            <dd className="num" data-testid="real-name-id-number">
              {submission.id_number}
            </dd>
          </div>
        </dl>
        <div className={s.photos}>
          {[front, back].map((src, i) => (
            <div key={i} className={s.photo}>
              {src ? <img className={s.preview} src={src} alt={t(i === 0 ? 'accountSecurity.realName.front' : 'accountSecurity.realName.back')} /> : null}
            </div>
          ))}
        </div>
      </div>
      <div className={`${s.stamp} ${approved ? s.stampApproved : ''}`} role="status" data-testid="real-name-stamp">
        {t(approved ? 'accountSecurity.realName.stampApproved' : 'accountSecurity.realName.stampReview')}
      </div>
    </div>
  );
}
