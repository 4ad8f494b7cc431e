import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OFFERING_PATHS, type Offering } from '@winery/domain';
import { PageLoading } from '../../components/page-loading';
import { WineBottleImage, WineShelf, wineOfNote } from '../../components/wine-bottle-image';
import { Wordmark } from '../../components/wordmark';
import { errorMessage } from '../../lib/api-error';
import { formatDate } from '../../lib/format';
import { wineTitle } from '../../lib/wine-format';
import { ClosingCountdown } from './closing-countdown';
import { OfferingLoadFailed } from './offering-gate';
import { useOffering } from './offering.api';

/** Loads the offering of an allocation and hands it on; loading and failure in words meanwhile. */
export function WithOffering({ allocationId, children }: { allocationId: string | null | undefined; children: (offering: Offering) => ReactNode }) {
  const { t } = useTranslation();
  const offering = useOffering(allocationId);
  if (offering.isError) {
    return <OfferingLoadFailed message={errorMessage(offering.error, t('offering.loadFailed'))} onRetry={() => void offering.refetch()} />;
  }
  if (!offering.data) {
    return (
      <div className="page offering-page">
        <PageLoading label={t('offering.loading')} />
      </div>
    );
  }
  return <>{children(offering.data)}</>;
}

/**
 * The estate's letter to its members: set like a letter on paper, signed. `notice` stands above
 * it in place of the closing countdown (before the member's opening: when it opens).
 */
export function LetterView({ offering, next, notice }: { offering: Offering; next: ReactNode; notice?: ReactNode }) {
  const { t } = useTranslation();
  const { letter } = offering;
  const date = formatDate(offering.startDate);
  return (
    <div className="page offering-page offering-page--letter">
      {notice ?? <ClosingCountdown offering={offering} />}
      <article className="letter" aria-labelledby="letter-title" data-testid="letter">
        <header className="letter__head">
          <Wordmark />
          {date ? (
            <p className="letter__date">
              <time dateTime={offering.startDate}>{date}</time>
            </p>
          ) : null}
        </header>
        <p className="eyebrow letter__eyebrow">{offering.name}</p>
        <h1 id="letter-title" className="letter__title">
          {letter.title || (offering.letterHtml ? offering.name : '')}
        </h1>
        {offering.letterHtml ? (
          // Written in Markdown by the winery; the API renders it to HTML through an allow-list (no scripts, no raw HTML).
          <div className="letter__body" data-testid="letter-html" dangerouslySetInnerHTML={{ __html: offering.letterHtml }} />
        ) : letter.paragraphs.length > 0 ? (
          <div className="letter__body">
            {letter.paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        ) : (
          <p className="letter__body muted">{t('offering.letter.empty')}</p>
        )}
        {letter.signature ? (
          <p className="letter__signature" data-testid="letter-signature">
            {letter.signature.split('\n').map((line, index, lines) => (
              <span key={index} className={index === 0 ? 'letter__signer' : 'letter__signer-role'}>
                {line}
                {index < lines.length - 1 ? <br /> : null}
              </span>
            ))}
          </p>
        ) : null}
      </article>
      {next}
    </div>
  );
}

/** The way on from the letter and the notes: to the selection page (or the order), and to whichever of the two is not this page. */
export function OfferingNext({ vintageNotes, letter, selection = OFFERING_PATHS.allocation, selectionLabel }: {
  vintageNotes?: boolean;
  letter?: boolean;
  selection?: string | null;
  selectionLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <nav className="offering-next" aria-label={t('offering.nextLabel')}>
      {selection ? (
        <Link to={selection} className="button button--primary">
          {selectionLabel}
        </Link>
      ) : null}
      {vintageNotes ? (
        <Link to={OFFERING_PATHS.vintageNotes} className="button button--quiet">
          {t('offering.readVintageNotes')}
        </Link>
      ) : null}
      {letter ? (
        <Link to={OFFERING_PATHS.letter} className="button button--quiet">
          {t('offering.readLetter')}
        </Link>
      ) : null}
    </nav>
  );
}

/** The winemaker's notes on the vintage, one section each, with a list of them on wide screens. */
export function VintageNotesView({ offering, next }: { offering: Offering; next: ReactNode }) {
  const { t } = useTranslation();
  const notes = offering.vintageNotes;
  const html = offering.vintageNotesHtml;
  return (
    <div className="page offering-page offering-page--notes">
      <header className="offering-header">
        <p className="eyebrow">{offering.name}</p>
        <h1 className="page-title">{t('offering.vintageNotes.heading')}</h1>
        <p className="lede">{t('offering.vintageNotes.intro')}</p>
      </header>
      {html ? (
        <div className="vintage-notes">
          {/* Written in Markdown by the winery; the API renders it to HTML through an allow-list (no scripts, no raw HTML). */}
          <div className="vintage-notes__body vintage-note" data-testid="vintage-notes-html" dangerouslySetInnerHTML={{ __html: html }} />
          <WineShelf wines={offering.wines} heading={t('wineImage.theWines')} altOf={(wine) => t('wineImage.bottleAlt', { wine: wineTitle(wine) })} />
        </div>
      ) : notes.length === 0 ? (
        <div className="empty-state" data-testid="empty-state">
          <p className="empty-state__title">{t('offering.vintageNotes.empty')}</p>
        </div>
      ) : (
        <div className="vintage-notes">
          {notes.length > 1 ? (
            <nav className="vintage-notes__contents" aria-label={t('offering.vintageNotes.contents')}>
              <ol>
                {notes.map((note, index) => (
                  <li key={index}>
                    <a href={`#note-${index + 1}`}>{note.title}</a>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          <div className="vintage-notes__body">
            {notes.map((note, index) => {
              const wine = wineOfNote(note.title, offering.wines);
              return (
                <section key={index} id={`note-${index + 1}`} className={`vintage-note${wine ? ' vintage-note--bottled' : ''}`} aria-labelledby={`note-${index + 1}-title`}>
                  {wine ? (
                    <div className="vintage-note__bottle">
                      <WineBottleImage image={wine.image} name={wine.name} alt={t('wineImage.bottleAlt', { wine: wineTitle(wine) })} sizes="(min-width: 48em) 88px, 56px" />
                    </div>
                  ) : null}
                  <div className="vintage-note__text">
                    <h2 id={`note-${index + 1}-title`} className="vintage-note__title">
                      {note.title}
                    </h2>
                    {note.paragraphs.map((paragraph, paragraphIndex) => (
                      <p key={paragraphIndex}>{paragraph}</p>
                    ))}
                  </div>
                </section>
              );
            })}
          </div>
        </div>
      )}
      {next}
    </div>
  );
}
