<#--
  Preview carousel of the login and sign-up pages (learner spec §2, §9: 4 images, 2.5 s) and its
  'NEW <product name> Resources' modal. Behaviour: resources/js/carousel.js.
  Without JavaScript the four previews are shown as a grid and each one links to its image.
-->
<#macro preview>
<#assign slides = [
    { "img": "preview-teas-math-qbank.svg", "title": msg("examprepSlideTeasQbank") },
    { "img": "preview-med-dosage-workbook.svg", "title": msg("examprepSlideMedDosageWorkbook") },
    { "img": "preview-infinite-qbank.svg", "title": msg("examprepSlideInfiniteQbank") },
    { "img": "preview-iv-pump-simulator.svg", "title": msg("examprepSlidePumpSimulator") }
]>
<#assign resourcesTitle = msg("examprepResourcesTitle", msg("productName"))>
<section class="ep-card ep-carousel" id="ep-carousel" aria-labelledby="ep-carousel-title" aria-roledescription="${msg('examprepCarouselRole')}"
         data-interval="${properties.examprepCarouselIntervalMs!'2500'}"
         data-label-pause="${msg('examprepCarouselPause')}" data-label-play="${msg('examprepCarouselPlay')}">
    <h2 class="ep-carousel__heading" id="ep-carousel-title">${resourcesTitle}</h2>
    <p class="ep-carousel__hint">${msg("examprepCarouselHint")}</p>

    <div class="ep-carousel__viewport">
        <div class="ep-carousel__track" id="ep-carousel-track" aria-live="off">
            <#list slides as s>
                <div class="ep-carousel__slide" id="ep-slide-${s?counter}" role="group" aria-roledescription="${msg('examprepSlideRole')}"
                     aria-label="${msg('examprepSlideLabel', s?counter, slides?size, s.title)}" data-slide="${s?index}">
                    <a class="ep-carousel__open" href="${url.resourcesPath}/img/${s.img}" data-carousel-open="${s?index}"
                       data-title="${s.title}" aria-haspopup="dialog" aria-label="${msg('examprepOpenPreview', s.title)}">
                        <img class="ep-carousel__img" src="${url.resourcesPath}/img/${s.img}" alt="" width="640" height="400"<#if s?index gt 0> loading="lazy"</#if>>
                    </a>
                    <p class="ep-carousel__caption" aria-hidden="true">${s.title}</p>
                </div>
            </#list>
        </div>
    </div>

    <div class="ep-carousel__nav" data-carousel-nav hidden>
        <button type="button" class="ep-carousel__arrow" data-carousel-prev aria-controls="ep-carousel-track" aria-label="${msg('examprepCarouselPrevious')}">
            <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" focusable="false"><path d="M10.5 2.5 5 8l5.5 5.5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>
        </button>
        <div class="ep-carousel__dots" role="group" aria-label="${msg('examprepCarouselChoose')}">
            <#list slides as s>
                <button type="button" class="ep-carousel__dot" data-carousel-dot="${s?index}" aria-controls="ep-carousel-track"
                        aria-label="${msg('examprepCarouselShowSlide', s?counter, slides?size, s.title)}"<#if s?index == 0> aria-current="true"</#if>><span aria-hidden="true"></span></button>
            </#list>
        </div>
        <button type="button" class="ep-carousel__arrow" data-carousel-next aria-controls="ep-carousel-track" aria-label="${msg('examprepCarouselNext')}">
            <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" focusable="false"><path d="M5.5 2.5 11 8l-5.5 5.5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>
        </button>
        <button type="button" class="ep-carousel__toggle" data-carousel-toggle aria-label="${msg('examprepCarouselPause')}">
            <svg class="ep-icon-pause" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="M4 2.5h2.5v11H4zm5.5 0H12v11H9.5z" fill="currentColor"/></svg>
            <svg class="ep-icon-play" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="M4.5 2.5v11l9-5.5z" fill="currentColor"/></svg>
        </button>
    </div>
</section>

<dialog class="ep-modal" id="ep-resources-modal" aria-labelledby="ep-modal-title">
    <div class="ep-modal__content">
        <div class="ep-modal__header">
            <h2 class="ep-modal__title" id="ep-modal-title">${resourcesTitle}</h2>
            <button type="button" class="ep-modal__x" data-modal-close aria-label="${msg('examprepClose')}">
                <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="M3 3l10 10M13 3 3 13" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>
            </button>
        </div>
        <div class="ep-modal__body">
            <img class="ep-modal__img" id="ep-modal-image" src="${url.resourcesPath}/img/${slides[0].img}" alt="${slides[0].title}" width="640" height="400">
            <p class="ep-modal__caption" id="ep-modal-caption">${slides[0].title}</p>
        </div>
        <div class="ep-modal__footer">
            <button type="button" class="ep-btn ep-btn--secondary" data-modal-close>${msg("examprepClose")}</button>
        </div>
    </div>
</dialog>
</#macro>
