import { type WorkbookChapter, type WorkbookManifest } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { DownloadPdfButton } from './DownloadPdfButton';
import { useWorkbook } from './workbook-api';
import { WORKBOOK_MESSAGES as T } from './workbook.messages';
import { WorkbookVideoPlayer } from './WorkbookVideoPlayer';

/** A refusal the learner cannot retry away (403, 404): the sentence and the way back. */
function Refusal({ message }: { message: string }) {
  return (
    <Alert variant="warning" role="alert" className="my-3">
      <p className="fw-semibold mb-3">{message}</p>
      <Link to="/dashboard" className="btn btn-primary">
        {T.backToDashboard}
      </Link>
    </Alert>
  );
}

function Chapter({
  chapter,
  playing,
  onPlay,
  onClose,
}: {
  chapter: WorkbookChapter;
  playing: string | null;
  onPlay: (path: string) => void;
  onClose: () => void;
}) {
  const titleId = `workbook-chapter-${chapter.number}`;
  const current = chapter.videos.find((v) => v.path === playing) ?? null;
  return (
    <Card as="section" aria-labelledby={titleId} className="shadow-sm">
      <Card.Body>
        <Card.Title as="h3" id={titleId} className="h5">
          {T.chapterHeading(chapter.number, chapter.title)}
        </Card.Title>
        <p className="small text-body-secondary mb-2">
          {T.questions(chapter.questionCount)} · {T.startsOnPage(chapter.page)}
        </p>
        {chapter.topics.length > 0 ? (
          <p className="mb-2">
            <span className="fw-semibold">{T.topics}:</span> {chapter.topics.join(', ')}
          </p>
        ) : null}
        {chapter.videos.length === 0 ? null : (
          <>
            <h4 className="h6 mt-3 mb-2">{T.videos}</h4>
            <ul className="list-unstyled d-flex flex-column gap-2 mb-0">
              {chapter.videos.map((video) => {
                const on = video.path === playing;
                return (
                  <li key={video.path}>
                    <Button
                      variant={on ? 'primary' : 'outline-primary'}
                      size="sm"
                      className="text-start"
                      aria-pressed={on}
                      aria-label={T.play(video.title)}
                      onClick={() => onPlay(video.path)}
                    >
                      <span aria-hidden="true" className="me-1">
                        ▶
                      </span>
                      {video.title}
                      <Badge bg="light" text="dark" className="ms-2 border">
                        {T.duration(video.seconds)}
                      </Badge>
                    </Button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
        {current ? <WorkbookVideoPlayer video={current} onClose={onClose} /> : null}
      </Card.Body>
    </Card>
  );
}

function Workbook({ manifest }: { manifest: WorkbookManifest }) {
  const [playing, setPlaying] = useState<string | null>(null);
  return (
    <>
      <h1 id="workbook-title" className="h3 mb-1">
        {manifest.title}
      </h1>
      <p className="text-body-secondary mb-3">
        {T.summary(manifest.questionCount, manifest.pageCount)}
      </p>
      <Card className="mb-4">
        <Card.Body>
          <Card.Title as="h2" className="h5">
            {T.downloadPdf}
          </Card.Title>
          <Card.Text className="small">{T.pdfIntro}</Card.Text>
          <DownloadPdfButton workbookPath={manifest.pdfPath} />
        </Card.Body>
      </Card>
      <h2 className="h4 mb-3">{T.chapters}</h2>
      {manifest.chapters.length === 0 ? (
        <p className="text-body-secondary">{T.noChapters}</p>
      ) : (
        <ol className="list-unstyled d-flex flex-column gap-3 mb-0">
          {manifest.chapters.map((chapter) => (
            <li key={chapter.number}>
              <Chapter
                chapter={chapter}
                playing={playing}
                onPlay={setPlaying}
                onClose={() => setPlaying(null)}
              />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/**
 * /workbook/{productId} (learner spec §2, lazy loaded, login required): the workbook's title,
 * its chapters (number, title, topics, question count, first page) with their videos, and the
 * stamped PDF. Owners, free products and admins get the manifest; 403 says 'You do not have
 * access to this product.' and 404 'Workbook not found.', each with the way back.
 */
export default function WorkbookPage() {
  const { productId = '' } = useParams();
  const workbook = useWorkbook(productId);
  useDocumentTitle(workbook.data?.title ?? T.pageTitle);
  let body;
  if (workbook.isPending) {
    body = <Loading label={T.loading} />;
  } else if (workbook.isError) {
    const status = workbook.error.status;
    body =
      status === 403 ? (
        <Refusal message={T.noAccess} />
      ) : status === 404 ? (
        <Refusal message={T.notFound} />
      ) : (
        <ErrorState
          message={T.loadFailed}
          detail={workbook.error.message}
          onRetry={() => void workbook.refetch()}
          retrying={workbook.isFetching}
          retryLabel={T.tryAgain}
        />
      );
  } else {
    body = <Workbook manifest={workbook.data} />;
  }
  return (
    <section aria-labelledby="workbook-title" className="app-workbook app-readable mx-auto">
      {workbook.isSuccess ? null : (
        <h1 id="workbook-title" className="h3 mb-3">
          {T.pageTitle}
        </h1>
      )}
      {body}
    </section>
  );
}
