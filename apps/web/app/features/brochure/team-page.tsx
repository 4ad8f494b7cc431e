import { useTranslation } from 'react-i18next';
import type { TeamContent } from './brochure-content';
import { BrochureHeader } from './brochure-header';
import { TeamPortrait } from './monogram-portrait';

export function TeamPage({ content }: { content: TeamContent }) {
  const { t } = useTranslation();
  return (
    <div className="brochure" data-testid="team-page">
      <BrochureHeader eyebrow={content.eyebrow} title={content.title} lede={content.lede} />
      <ul className="team" aria-label={t('brochure.members')}>
        {content.members.map((member) => (
          <li key={member.id} id={member.id} className="team-member">
            <TeamPortrait portrait={member.portrait} initials={member.initials} size={112} />
            <div className="team-member__text">
              <h2 className="team-member__name">{member.name}</h2>
              <p className="team-member__role">{member.role}</p>
              <p className="team-member__bio">{member.bio}</p>
              <p className="team-member__since">{t('brochure.since', { year: member.since })}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
