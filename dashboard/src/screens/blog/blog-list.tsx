import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ContentBoundary } from '../../components/content-boundary';
import { LazyImage } from '../../components/lazy-image';
import { Pager } from '../../components/pager';
import { BLOG_PER_PAGE } from '../../lib/routing/page-sizes';
import { formatPostDate } from './blog-date';

const route = getRouteApi('/_main/blogs/');

/** `/blogs`: the published posts, newest first, a page at a time. */
export default function BlogList() {
  const { data: posts, meta } = route.useLoaderData();

  useEffect(() => {
    document.title = 'Blog · Footfall';
  }, []);

  return (
    <>
      <header className="page-hero">
        <div className="container">
          <h1>Blog</h1>
          <p className="lead muted">
            Notes on privacy-friendly analytics and on getting the most out of Footfall.
          </p>
        </div>
      </header>
      <section className="container blog-list" aria-label="Posts">
        {posts.length === 0 ? (
          <div className="empty-state">
            <p>No posts yet. Come back soon.</p>
          </div>
        ) : (
          <ul>
            {posts.map((post) => (
              <li key={post.id}>
                <ContentBoundary
                  resetKey={post}
                  fallback={<p className="card muted">This post could not be shown.</p>}
                >
                  <article className="card post-card">
                    {post.cover_url ? (
                      <LazyImage
                        src={post.cover_url}
                        alt=""
                        className="post-cover"
                        placeholder={<span className="post-cover-placeholder" />}
                      />
                    ) : null}
                    <div>
                      <h2>
                        <Link to="/blogs/$blog_id" params={{ blog_id: post.id }}>
                          {post.title}
                        </Link>
                      </h2>
                      <p className="muted small">
                        <time dateTime={post.published_at}>{formatPostDate(post.published_at)}</time> ·{' '}
                        {post.author}
                      </p>
                      <p>{post.excerpt}</p>
                    </div>
                  </article>
                </ContentBoundary>
              </li>
            ))}
          </ul>
        )}
        <Pager to="/blogs" page={meta.page} perPage={BLOG_PER_PAGE} total={meta.total} label="Blog pages" />
      </section>
    </>
  );
}
